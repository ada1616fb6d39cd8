package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/scalesite/scalesite/diag"
)

// sourceDate reads SOURCE_DATE_EPOCH as reproducible-builds.org specifies
// it (https://reproducible-builds.org/specs/source-date-epoch/): the
// date, in seconds since 1970-01-01 UTC, that a build writes in place of
// the time it runs. Unset or empty: the zero time (a figure then carries
// no date of its own). A value that is not a whole number of seconds is
// an error, as the specification asks, rather than a date guessed.
func sourceDate(value string) (time.Time, error) {
	value = strings.TrimSpace(value)
	if value == "" {
		return time.Time{}, nil
	}
	sec, err := strconv.ParseInt(value, 10, 64)
	// 253402300799 is 9999-12-31T23:59:59Z, the last date a PDF writes.
	if err != nil || sec < 0 || sec > 253402300799 {
		return time.Time{}, fmt.Errorf("SOURCE_DATE_EPOCH=%s is not a date: give the seconds since 1970-01-01 UTC, such as $(git log -1 --format=%%ct)", diag.Quote(value))
	}
	return time.Unix(sec, 0).UTC(), nil
}
