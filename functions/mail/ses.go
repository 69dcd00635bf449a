package mail

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sesv2/types"
	"github.com/aws/smithy-go"
)

// SESAPI is the part of the SES v2 client that SES uses.
type SESAPI interface {
	SendEmail(ctx context.Context, in *sesv2.SendEmailInput, opts ...func(*sesv2.Options)) (*sesv2.SendEmailOutput, error)
}

// SES sends through Amazon SES as raw MIME, so the message is byte for
// byte the one the SMTP sender sends locally.
type SES struct {
	client SESAPI
	from   string
}

// NewSES returns a sender through client. from is the verified sender
// identity: SES refuses any other, so it is required.
func NewSES(client SESAPI, from string) (*SES, error) {
	if from == "" {
		return nil, errors.New("mail: SES needs a verified sender: set FORECOURT_MAIL_FROM")
	}
	return &SES{client: client, from: from}, nil
}

// Send sends m with SendEmail and raw content.
func (s *SES) Send(ctx context.Context, m Message) error {
	raw, err := Raw(m, s.from)
	if err != nil {
		return err
	}
	from := m.From
	if from == "" {
		from = s.from
	}
	_, err = s.client.SendEmail(ctx, &sesv2.SendEmailInput{
		FromEmailAddress: aws.String(from),
		Destination:      &types.Destination{ToAddresses: m.To},
		Content:          &types.EmailContent{Raw: &types.RawMessage{Data: raw}},
	})
	if err != nil {
		return sesError(err)
	}
	return nil
}

// sesError keeps the error code and drops SES's message, which can list
// addresses (MessageRejected names unverified recipients).
func sesError(err error) error {
	var apiErr smithy.APIError
	if !errors.As(err, &apiErr) {
		// Network and context errors name the endpoint, never a recipient.
		return fmt.Errorf("mail: ses send: %w", err)
	}
	var tooMany *types.TooManyRequestsException
	var limit *types.LimitExceededException
	var sending *types.SendingPausedException
	return &Error{
		Op:        "ses send",
		Code:      apiErr.ErrorCode(),
		Temporary: errors.As(err, &tooMany) || errors.As(err, &limit) || errors.As(err, &sending) || apiErr.ErrorFault() == smithy.FaultServer,
	}
}
