package media

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/smithy-go"

	"forecourt/shared"
)

// Photos is a store of mirrored photos that /media serves.
type Photos interface {
	PhotoStore
	Store
}

// S3Photos keeps mirrored photos in an S3 bucket under their key
// (photos/{hash}.{ext}).
type S3Photos struct {
	Client *s3.Client
	Bucket string
}

// Exists implements PhotoStore (HEAD).
func (p S3Photos) Exists(ctx context.Context, key string) (bool, error) {
	_, err := p.Client.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(p.Bucket), Key: aws.String(key)})
	if notFound(err) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("s3 head %s: %w", key, err)
	}
	return true, nil
}

// Put implements PhotoStore.
func (p S3Photos) Put(ctx context.Context, key string, body []byte, contentType string) error {
	_, err := p.Client.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(p.Bucket), Key: aws.String(key),
		Body: bytes.NewReader(body), ContentType: aws.String(contentType)})
	if err != nil {
		return fmt.Errorf("s3 put %s: %w", key, err)
	}
	return nil
}

// Media implements Store for photos/...
func (p S3Photos) Media(ctx context.Context, name string, _ url.Values) ([]byte, string, error) {
	if _, err := (DirPhotos{}).path(name); err != nil {
		return nil, "", err
	}
	out, err := p.Client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(p.Bucket), Key: aws.String(name)})
	if notFound(err) {
		return nil, "", shared.Errorf(shared.ENOTFOUND, "no media at %q", name)
	}
	if err != nil {
		return nil, "", fmt.Errorf("s3 get %s: %w", name, err)
	}
	defer out.Body.Close()
	body, err := io.ReadAll(out.Body)
	if err != nil {
		return nil, "", fmt.Errorf("read s3 %s: %w", name, err)
	}
	return body, aws.ToString(out.ContentType), nil
}

func notFound(err error) bool {
	var noKey *types.NoSuchKey
	var nf *types.NotFound
	var api smithy.APIError
	return errors.As(err, &noKey) || errors.As(err, &nf) ||
		errors.As(err, &api) && (api.ErrorCode() == "NoSuchKey" || api.ErrorCode() == "NotFound")
}
