package shared

import "errors"

// FileError is an invalid-input error found in a named file, such as a tenant
// file. It prints as "<file>: <field>: <message>" and unwraps to the *Error,
// so ErrorCode and errors.As see its code and field.
type FileError struct {
	File string
	Err  *Error
}

func (e *FileError) Error() string {
	msg := e.File + ": "
	if e.Err.Field != "" {
		msg += e.Err.Field + ": "
	}
	return msg + e.Err.Message
}

func (e *FileError) Unwrap() error { return e.Err }

// inFile attaches the file name to every *Error in err (a single error or an
// errors.Join of them). Other errors are wrapped as they are.
func inFile(file string, err error) error {
	if err == nil {
		return nil
	}
	var list []error
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		list = j.Unwrap()
	} else {
		list = []error{err}
	}
	out := make([]error, 0, len(list))
	for _, e := range list {
		var fe *Error
		if errors.As(e, &fe) {
			out = append(out, &FileError{File: file, Err: fe})
			continue
		}
		out = append(out, &FileError{File: file, Err: &Error{Code: EINVALID, Message: e.Error()}})
	}
	return errors.Join(out...)
}
