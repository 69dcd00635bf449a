package httpapi

import "errors"

var errorsAs = errors.As
