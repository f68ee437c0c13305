// The Sandtable extension: starts `mapc lsp` for scenario TOML files and
// Lua hook scripts (docs/editors.md). Taplo (Even Better TOML) and LuaLS
// (the Lua extension) keep working beside it.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("sandtable").get("mapc") || "mapc";
  client = new LanguageClient(
    "sandtable",
    "Sandtable (mapc lsp)",
    { command, args: ["lsp"] },
    {
      documentSelector: [
        { scheme: "file", pattern: "**/*.toml" },
        { scheme: "file", pattern: "**/*.lua" },
      ],
    },
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
