package main

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"syscall"
)

// interrupted is the cause of a context ended by a signal.
type interrupted struct{ sig os.Signal }

func (e interrupted) Error() string {
	switch e.sig {
	case os.Interrupt:
		return "interrupted (Ctrl-C)"
	case syscall.SIGTERM:
		return "stopped by SIGTERM"
	}
	return "stopped by signal " + e.sig.String()
}

// Is makes an interruption a cancellation, as signal.NotifyContext's is.
func (e interrupted) Is(target error) bool { return target == context.Canceled }

// onSignals returns a context that ends on Ctrl-C (SIGINT) or SIGTERM, with
// the signal as its cause, so a command can clean up and then exit with
// exitCode. Only the first signal is caught: a second one ends the process
// at once, as if the command did not handle signals, for a clean-up that
// hangs.
func onSignals(parent context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancelCause(parent)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	go func() {
		select {
		case sig := <-ch:
			signal.Stop(ch)
			cancel(interrupted{sig})
		case <-ctx.Done():
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		cancel(context.Canceled)
	}
}

// exitCode is the status a command stopped by a signal exits with, as shells
// report it: 128 plus the signal's number (130 for Ctrl-C, 143 for SIGTERM).
// ok is false when ctx was not ended by a signal.
func exitCode(ctx context.Context) (code int, ok bool) {
	var in interrupted
	if !errors.As(context.Cause(ctx), &in) {
		return 0, false
	}
	if s, isSys := in.sig.(syscall.Signal); isSys {
		return 128 + int(s), true
	}
	return 130, true // os.Interrupt on systems whose signals are not numbers
}
