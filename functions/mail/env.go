package mail

import (
	"context"
	"fmt"
	"os"

	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
)

// LocalFrom is the sender locally when FORECOURT_MAIL_FROM is unset.
const LocalFrom = "Forecourt Leads <leads@forecourt.localhost>"

// FromEnv returns the sender the environment configures
// (docs/contracts.md "Environment"): SMTP to FORECOURT_SMTP_ENDPOINT when
// it is set (MailDev locally), otherwise SES in AWS_REGION with
// FORECOURT_MAIL_FROM, then required, as the sender.
func FromEnv(ctx context.Context) (Sender, error) {
	from := os.Getenv("FORECOURT_MAIL_FROM")
	if ep := os.Getenv("FORECOURT_SMTP_ENDPOINT"); ep != "" {
		if from == "" {
			from = LocalFrom
		}
		s, err := NewSMTP(ep, from)
		if err != nil {
			return nil, err
		}
		return s, nil
	}
	if from == "" {
		return nil, fmt.Errorf("mail: FORECOURT_MAIL_FROM is unset: SES needs the verified sender (or set FORECOURT_SMTP_ENDPOINT to send through SMTP)")
	}
	cfg, err := config.LoadDefaultConfig(ctx)
	if err != nil {
		return nil, fmt.Errorf("mail: load AWS configuration for SES: %w", err)
	}
	s, err := NewSES(sesv2.NewFromConfig(cfg), from)
	if err != nil {
		return nil, err
	}
	return s, nil
}
