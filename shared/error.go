package shared

import (
	"errors"
	"fmt"
)

// Error codes. Each maps to one HTTP status in httpapi.
const (
	EINVALID      = "invalid"
	EUNAUTHORIZED = "unauthorized"
	EFORBIDDEN    = "forbidden"
	ENOTFOUND     = "not_found"
	ECONFLICT     = "conflict"
	ETOOLARGE     = "too_large"
	EUNSUPPORTED  = "unsupported"
	// ETOOMANY: the platform is at capacity for this kind of request; the
	// caller retries after the Retry-After the HTTP answer carries.
	ETOOMANY  = "too_many_requests"
	EINTERNAL = "internal"
)

// Error is an error whose Message is safe to show a caller. Field names the
// offending input field, when there is one.
type Error struct {
	Code    string
	Message string
	Field   string
}

func (e *Error) Error() string {
	if e.Field != "" {
		return fmt.Sprintf("%s: %s: %s", e.Code, e.Field, e.Message)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

// Errorf returns an *Error with the code and a formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// FieldError returns an EINVALID *Error naming the field.
func FieldError(field, format string, args ...any) *Error {
	return &Error{Code: EINVALID, Field: field, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of the first *Error in err's chain, EINTERNAL
// for any other non-nil error, and "" for nil.
func ErrorCode(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return EINTERNAL
}

// FieldMessages returns the message of every EINVALID *Error naming a field
// in err, which may be an errors.Join of several, by field; the first
// message of a field wins. It is nil when there is none.
func FieldMessages(err error) map[string]string {
	var out map[string]string
	var walk func(error)
	walk = func(err error) {
		if err == nil {
			return
		}
		if e, ok := err.(*Error); ok {
			if e.Code == EINVALID && e.Field != "" {
				if out == nil {
					out = map[string]string{}
				}
				if _, seen := out[e.Field]; !seen {
					out[e.Field] = e.Message
				}
			}
			return
		}
		switch u := err.(type) {
		case interface{ Unwrap() []error }:
			for _, e := range u.Unwrap() {
				walk(e)
			}
		case interface{ Unwrap() error }:
			walk(u.Unwrap())
		}
	}
	walk(err)
	return out
}
