package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// Issue 13: forecourt reservations needs --dealership and, for cancel and
// refund, exactly one reservation id; it says what is wrong before touching
// anything.
func TestReservationsArguments(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"reservations", "list"}, "--dealership is required"},
		{[]string{"reservations", "cancel", "--dealership", "north"}, "wrong arguments"},
		{[]string{"reservations", "refund", "res_1", "res_2", "--dealership", "north"}, "wrong arguments"},
		{[]string{"reservations", "list", "res_1", "--dealership", "north"}, "wrong arguments"},
		{[]string{"reservations", "delete", "res_1", "--dealership", "north"}, "unknown reservations command"},
	} {
		var out, errOut bytes.Buffer
		err := run(context.Background(), tc.args, &out, &errOut)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want an error containing %q", tc.args, err, tc.want)
		}
	}
}
