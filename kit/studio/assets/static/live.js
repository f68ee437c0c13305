// One event stream shared by every open studio page of this browser: a
// browser opens at most six connections to one host, so a stream per page
// would stall the seventh page's requests. Pages connect with a port, say
// "bye" when they go (and "hello" when they come back from the back-forward
// cache), and get {state} and {name, data} messages.
"use strict";
const ports = new Set();
let es = null;
let state = "connecting";

function broadcast(msg) { for (const p of ports) p.postMessage(msg); }

function open() {
  es = new EventSource("/events");
  es.onopen = () => { state = "open"; broadcast({ state }); };
  es.onerror = () => { state = "error"; broadcast({ state }); };
  for (const name of ["index", "scenario", "sim"]) {
    es.addEventListener(name, (ev) => broadcast({ name, data: ev.data }));
  }
}

onconnect = (e) => {
  const port = e.ports[0];
  ports.add(port);
  port.onmessage = (m) => {
    if (m.data === "bye") ports.delete(port);
    else if (m.data === "hello") { ports.add(port); port.postMessage({ state }); }
  };
  port.start();
  if (!es) open();
  port.postMessage({ state });
};
