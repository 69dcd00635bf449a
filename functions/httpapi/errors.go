// Package httpapi holds Forecourt's HTTP handlers. Each handler is a plain
// net/http handler that runs under the dev gateway and, through the
// api-proxy adapter, under Lambda (DESIGN.md decision 1).
package httpapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"

	"forecourt/shared"
)

// statusByCode maps shared error codes to HTTP statuses.
var statusByCode = map[string]int{
	shared.EINVALID:      http.StatusBadRequest,
	shared.EUNAUTHORIZED: http.StatusUnauthorized,
	shared.EFORBIDDEN:    http.StatusForbidden,
	shared.ENOTFOUND:     http.StatusNotFound,
	shared.ECONFLICT:     http.StatusConflict,
	shared.ETOOLARGE:     http.StatusRequestEntityTooLarge,
	shared.EUNSUPPORTED:  http.StatusUnsupportedMediaType,
	shared.ETOOMANY:      http.StatusTooManyRequests,
	shared.EINTERNAL:     http.StatusInternalServerError,
	EMETHOD:              http.StatusMethodNotAllowed,
}

// A 429 answer's Retry-After is RetryAfterMin to
// RetryAfterMin+RetryAfterSpread-1 seconds, at random.
const (
	RetryAfterMin    = 5
	RetryAfterSpread = 20
)

// ErrorBody is the JSON form of every error response.
type ErrorBody struct {
	Error ErrorDetail `json:"error"`
}

// ErrorDetail is the error inside ErrorBody.
type ErrorDetail struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Field   string `json:"field,omitempty"`
	// Fields holds every invalid input field's message, by field, when the
	// request had several wrong at once (a lead form: spec 001 §4 lists them
	// all); Field and Message are then the first of them.
	Fields map[string]string `json:"fields,omitempty"`
}

// HandlerFunc is a handler that returns its error instead of writing it,
// so that every error is written one way, by Handle.
type HandlerFunc func(w http.ResponseWriter, r *http.Request) error

// Handle adapts h to an http.Handler that writes h's error as JSON. A
// panic in h is recovered into a logged 500 (issue 31): under Lambda an
// unrecovered one ends the instance, and with it every request it holds.
// http.ErrAbortHandler is passed on, as net/http means it.
func Handle(h HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			v := recover()
			if v == nil {
				return
			}
			if v == http.ErrAbortHandler {
				panic(v)
			}
			w.Header().Set("Cache-Control", errorCacheControl)
			WriteError(w, r, fmt.Errorf("panic: %v\n%s", v, debug.Stack()))
		}()
		if err := h(w, r); err != nil {
			WriteError(w, r, err)
		}
	})
}

// WriteError writes err as an ErrorBody. Internal errors are logged and
// answered with a generic message: their text never reaches the client.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	code := shared.ErrorCode(err)
	detail := ErrorDetail{Code: code, Message: "internal error"}
	if e, ok := asError(err); ok && code != shared.EINTERNAL {
		detail.Message, detail.Field = e.Message, e.Field
		if code == shared.EINVALID {
			detail.Fields = shared.FieldMessages(err)
		}
	} else {
		slog.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", loggedPath(r), "err", err)
	}
	status, ok := statusByCode[code]
	if !ok {
		status = http.StatusInternalServerError
	}
	if status == http.StatusTooManyRequests {
		// Spread the retries: callers refused together must not all come
		// back in the same second.
		w.Header().Set("Retry-After", strconv.Itoa(RetryAfterMin+rand.IntN(RetryAfterSpread)))
	}
	WriteJSON(w, status, ErrorBody{Error: detail})
}

// WriteJSON writes v as JSON with the status.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	if err := json.NewEncoder(w).Encode(v); err != nil {
		slog.Error("write json", "err", err)
	}
}

func asError(err error) (*shared.Error, bool) {
	var e *shared.Error
	ok := errors.As(err, &e)
	return e, ok
}

// loggedPath is the path a failed request is logged with: its route's
// pattern where the path holds a secret (a vehicle feed's token, issue 37),
// else the path itself.
func loggedPath(r *http.Request) string {
	if strings.Contains(r.Pattern, "{token}") {
		return r.Pattern
	}
	return r.URL.Path
}
