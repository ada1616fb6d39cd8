package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os/exec"
	"runtime"
	"strconv"
	"syscall"

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
	bind := fs.String("bind", "127.0.0.1", "the `address` to listen on; anything but loopback exposes the preview to the network.\nRequests are answered only for localhost, IP addresses and this name")
	open := fs.Bool("open", false, "open the site in the default browser")
	fs.BoolVar(&opts.Drafts, "drafts", false, "include pages marked draft: true")
	fs.BoolVar(&opts.Drafts, "D", false, "short for --drafts")
	if code := parseFlags(fs, args, stdout); code >= 0 {
		return code
	}
	opts.Log = stderr
	// Ctrl-C or SIGTERM stops the server. It holds the site in memory and
	// writes no files, so there is nothing to clean up; it exits with the
	// signal's status, as a shell expects of an interrupted command.
	ctx, stop := onSignals(context.Background())
	defer stop()
	// The default port gives way to the next free one (a second preview,
	// another program); a port asked for does not.
	portGiven := false
	fs.Visit(func(f *flag.Flag) { portGiven = portGiven || f.Name == "port" || f.Name == "p" })
	limitMemory()
	code := serveSite(ctx, opts, *bind, *port, !portGiven, *open, stdout, stderr)
	if sig, ok := exitCode(ctx); ok && code == 0 {
		return sig
	}
	return code
}

// serveSite runs the preview until ctx ends; tests call it directly. With
// movable, a port in use gives way to the next free one.
func serveSite(ctx context.Context, opts serve.Options, bind string, port int, movable, open bool, stdout, stderr io.Writer) int {
	if ip := net.ParseIP(bind); bind != "localhost" && (ip == nil || !ip.IsLoopback()) {
		fmt.Fprintf(stderr, "warning: --bind %s makes the preview reachable from other machines; it is meant for your own browser\n", bind)
	}
	opts.Bind = bind // the server answers requests for its own name
	// The home page is served first; the rest of the site follows.
	srv, err := serve.Start(opts)
	if err != nil {
		fmt.Fprintf(stderr, "error: %s\n", err)
		return 1
	}
	defer srv.Close()
	ln, err := listen(bind, port, movable, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "error: %s\n", err)
		return 1
	}
	// Serve stops when ctx ends (Ctrl-C), or when the watcher fails.
	serving, stop := context.WithCancel(ctx)
	defer stop()
	watchErr := make(chan error, 1)
	go func() { watchErr <- srv.Watch(serving) }()
	// The address is announced once every folder is watched: a save made
	// after it is seen (a script that starts the preview and then writes
	// the files relies on that).
	select {
	case <-srv.Watching():
	case err := <-watchErr:
		if err != nil {
			fmt.Fprintf(stderr, "error: watching %s: %s\n", opts.Source, err)
			return 1
		}
		fmt.Fprintln(stdout, "stopped")
		return 0
	}
	url := openableURL(ln.Addr())
	fmt.Fprintf(stdout, "serving %s at %s (Ctrl-C to stop)\n", opts.Source, url)
	if open {
		openBrowser(url)
	}
	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(serving, ln) }()
	select {
	case err = <-watchErr:
		if err != nil {
			fmt.Fprintf(stderr, "error: watching %s: %s\n", opts.Source, err)
		}
		stop()
		err = <-serveErr
	case err = <-serveErr:
	}
	if err != nil {
		fmt.Fprintf(stderr, "error: %s\n", err)
		return 1
	}
	fmt.Fprintln(stdout, "stopped")
	return 0
}

// portTries is how many ports after a default one that is in use serve
// tries.
const portTries = 20

// listen listens on bind:port. When the port is in use and movable, it
// takes the next free one of the portTries that follow, and says so.
func listen(bind string, port int, movable bool, stderr io.Writer) (net.Listener, error) {
	ln, err := net.Listen("tcp", net.JoinHostPort(bind, strconv.Itoa(port)))
	if err == nil || !errors.Is(err, syscall.EADDRINUSE) || port == 0 {
		return ln, err
	}
	if movable {
		for p := port + 1; p <= min(port+portTries, 65535); p++ {
			if ln, err := net.Listen("tcp", net.JoinHostPort(bind, strconv.Itoa(p))); err == nil {
				fmt.Fprintf(stderr, "port %d is in use: serving on port %d instead (--port chooses one)\n", port, p)
				return ln, nil
			}
		}
		return nil, fmt.Errorf("%w, and so are the %d ports after it: choose one with --port, or --port 0 for any free one", err, portTries)
	}
	return nil, fmt.Errorf("%w: another preview may be running; choose another port with --port, or --port 0 for any free one", err)
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

// openableURL is the address to open in a browser for a listener: one bound
// to every interface (0.0.0.0 or ::), which no browser can open, is
// announced at localhost, with the same port.
func openableURL(addr net.Addr) string {
	host, port, err := net.SplitHostPort(addr.String())
	if err != nil {
		return "http://" + addr.String() + "/"
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port) + "/"
}
