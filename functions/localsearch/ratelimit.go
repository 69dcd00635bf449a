package localsearch

import (
	"sync"
	"time"
)

// errTooManyRequests is Algolia's answer past a key's
// maxQueriesPerIPPerHour.
var errTooManyRequests = &apiError{status: 429, message: "Too many requests"}

// callLog holds the times of each (key, caller)'s API calls within the
// last hour, for keys with a maxQueriesPerIPPerHour.
type callLog struct {
	mu    sync.Mutex
	calls map[callerOf][]time.Time
}

type callerOf struct{ key, caller string }

// now is the engine's clock.
func (e *Engine) now() time.Time {
	if e.cfg.Now != nil {
		return e.cfg.Now()
	}
	return time.Now()
}

// throttle counts a call of caller with key (a search key: secured keys
// count against their parent, as Algolia's inherit its rate limit) and
// answers 429 when the key allows no more within the last hour. A key
// without a limit is not counted.
func (e *Engine) throttle(key, caller string, now time.Time) error {
	e.mu.RLock()
	limit := e.keys[key].MaxQueriesPerIPPerHour
	e.mu.RUnlock()
	if limit <= 0 {
		return nil
	}
	l := &e.calls
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.calls == nil {
		l.calls = map[callerOf][]time.Time{}
	}
	id := callerOf{key, caller}
	since := now.Add(-time.Hour)
	kept := l.calls[id][:0]
	for _, t := range l.calls[id] {
		if t.After(since) {
			kept = append(kept, t)
		}
	}
	if len(kept) >= limit {
		l.calls[id] = kept
		return errTooManyRequests
	}
	l.calls[id] = append(kept, now)
	return nil
}
