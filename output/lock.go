package output

import "time"

// waitFor calls try until it returns anything but an error that busy
// says is the lock being held, waiting a little longer each time (up to a
// tenth of a second), and returns that; or ErrCanceled once stop is
// closed. A lock taken by polling can be given up at once, which a
// blocking one cannot.
func waitFor(try func() error, busy func(error) bool, stop <-chan struct{}) error {
	pause := 5 * time.Millisecond
	t := time.NewTimer(pause)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return ErrCanceled
		case <-t.C:
		}
		if err := try(); !busy(err) {
			return err
		}
		pause = min(2*pause, 100*time.Millisecond)
		t.Reset(pause)
	}
}
