package httpapi

import (
	"fmt"
	"net/http"
	"time"
)

// serverTiming adds one phase's duration to the answer's Server-Timing
// header (W3C Server Timing): the watchlist benchmark reads where a save's
// time goes from it (issue 12: save p99 <= 20 ms), and so can a browser's
// network panel. It names phases only, never data.
func serverTiming(w http.ResponseWriter, phase string, since time.Time) {
	timing(w, phase, time.Since(since))
}

// timing adds a phase measured elsewhere (a service's own steps).
func timing(w http.ResponseWriter, phase string, d time.Duration) {
	w.Header().Add("Server-Timing", fmt.Sprintf("%s;dur=%.2f", phase, float64(d.Microseconds())/1000))
}
