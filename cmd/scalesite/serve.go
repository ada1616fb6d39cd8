package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"strconv"
	"syscall"
	"time"

	"github.com/scalesite/scalesite/serve"
)

func runServe(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("serve [flags]", `Builds the site and serves it from memory with live reload: every save
rebuilds what it affects; charts whose data or spec changed update in place,
other pages reload where the reader was. A bad edit keeps the last good site
and shows the error in the browser. Ctrl-C stops the server.`, stderr)
	var opts serve.Options
	fs.StringVar(&opts.Source, "source", ".", "the site `folder`")
	fs.StringVar(&opts.Source, "s", ".", "short for --source")
	port := fs.Int("port", 1414, "the `port` to listen on (0 picks a free one)")
	fs.IntVar(port, "p", 1414, "short for --port")
	bind := fs.String("bind", "127.0.0.1", "the `address` to listen on; anything but loopback exposes the preview to the network")
	open := fs.Bool("open", false, "open the site in the default browser")
	fs.BoolVar(&opts.Drafts, "drafts", false, "include pages marked draft: true")
	if code := parseFlags(fs, args, stdout); code >= 0 {
		return code
	}
	opts.Log = stderr
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serveSite(ctx, opts, *bind, *port, *open, stdout, stderr)
}

// serveSite runs the preview until ctx ends; tests call it directly.
func serveSite(ctx context.Context, opts serve.Options, bind string, port int, open bool, stdout, stderr io.Writer) int {
	if ip := net.ParseIP(bind); bind != "localhost" && (ip == nil || !ip.IsLoopback()) {
		fmt.Fprintf(stderr, "warning: --bind %s makes the preview reachable from other machines; it is meant for your own browser\n", bind)
	}
	srv, err := serve.New(opts)
	if err != nil {
		fmt.Fprintf(stderr, "error: %s\n", err)
		return 1
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", net.JoinHostPort(bind, strconv.Itoa(port)))
	if err != nil {
		fmt.Fprintf(stderr, "error: %s\n", err)
		return 1
	}
	url := "http://" + ln.Addr().String() + "/"
	fmt.Fprintf(stdout, "serving %s at %s (Ctrl-C to stop)\n", opts.Source, url)
	if open {
		openBrowser(url)
	}
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
	watchErr := make(chan error, 1)
	go func() { watchErr <- srv.Watch(ctx) }()
	serveErr := make(chan error, 1)
	go func() { serveErr <- hs.Serve(ln) }()
	select {
	case <-ctx.Done():
	case err := <-watchErr:
		if err != nil {
			fmt.Fprintf(stderr, "error: watching %s: %s\n", opts.Source, err)
		}
	case err := <-serveErr:
		if !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintf(stderr, "error: %s\n", err)
			return 1
		}
	}
	srv.Close() // ends the event streams, so Shutdown need not wait for them
	sctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	hs.Shutdown(sctx)
	fmt.Fprintln(stdout, "stopped")
	return 0
}

// openBrowser opens url in the desktop's browser, if there is one.
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
	cmd.Start()
}
