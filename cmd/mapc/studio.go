package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"runtime"

	"github.com/sandtable/sandtable/kit/cli"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/studio"
)

func runStudio(args []string, env cli.Env) int {
	fs := flags("studio", env)
	addr := fs.String("addr", "127.0.0.1:7777", "address to serve on (loopback by default: the studio is for this machine)")
	open := fs.Bool("open", false, "open the index in the default browser")
	editor := fs.String("editor-url", studio.DefaultEditorURL, "URL of the \"open in editor\" links; {path} and {line} are replaced")
	maxGames := fs.Int("max-games", studio.DefaultMaxGames, "most games per seat order of a batch started from the page")
	positional, code, ok := parse(fs, args)
	if !ok {
		return code
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(env.Stderr, "mapc studio:", err)
		return diag.ExitFailure
	}
	s, err := studio.New(env.GameList(), ln.Addr().String(), studio.Options{Dirs: positional, EditorURL: *editor,
		MaxGames: *maxGames, Workers: max(1, runtime.GOMAXPROCS(0)/2), Log: env.Stderr})
	if err != nil {
		ln.Close()
		fmt.Fprintln(env.Stderr, "mapc studio:", err)
		return diag.ExitFailure
	}
	url := "http://" + ln.Addr().String() + "/"
	fmt.Fprintf(env.Stderr, "mapc studio: serving %s (Ctrl-C stops)\n", url)
	if *open {
		openBrowser(url)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := s.Serve(ctx, ln); err != nil {
		fmt.Fprintln(env.Stderr, "mapc studio:", err)
		return diag.ExitFailure
	}
	return diag.ExitOK
}

// openBrowser asks the desktop to open url; failing that, the printed
// address is enough.
func openBrowser(url string) {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", url)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		cmd = exec.Command("xdg-open", url)
	}
	if cmd.Start() == nil {
		go cmd.Wait()
	}
}
