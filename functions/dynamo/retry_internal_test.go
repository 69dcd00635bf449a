package dynamo

import (
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// A transaction cancelled for a conflict (a lead and its contact record
// written while another lead of the same shopper is) is retried; one
// cancelled for a failed condition (a retried submit) is not.
func TestRetryerRetriesTransactionConflicts(t *testing.T) {
	cancelled := func(code string) error {
		return &types.TransactionCanceledException{CancellationReasons: []types.CancellationReason{{Code: aws.String("None")}, {Code: aws.String(code)}}}
	}
	for _, tt := range []struct {
		err  error
		want bool
	}{
		{cancelled("TransactionConflict"), true},
		{cancelled("ConditionalCheckFailed"), false},
		{errors.New("validation"), false},
	} {
		if got := retryer().IsErrorRetryable(tt.err); got != tt.want {
			t.Errorf("%v: retryable %v, want %v", tt.err, got, tt.want)
		}
	}
}
