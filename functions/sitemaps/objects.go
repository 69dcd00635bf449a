package sitemaps

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/smithy-go"
	"github.com/google/renameio/v2"

	"forecourt/shared"
)

// S3Objects stores the lists in an S3 bucket under Prefix, swapping with
// S3's conditional writes (If-Match, If-None-Match).
type S3Objects struct {
	Client *s3.Client
	Bucket string
	// Prefix is put before every key ("sitemaps/").
	Prefix string
}

// Get reads the object and its ETag.
func (o S3Objects) Get(ctx context.Context, key string) ([]byte, string, error) {
	out, err := o.Client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(o.Bucket), Key: aws.String(o.Prefix + key)})
	if err != nil {
		return nil, "", o.wrap(key, err)
	}
	defer out.Body.Close()
	body, err := io.ReadAll(out.Body)
	if err != nil {
		return nil, "", fmt.Errorf("read s3 %s: %w", o.Prefix+key, err)
	}
	return body, aws.ToString(out.ETag), nil
}

// Version is the object's ETag (HEAD).
func (o S3Objects) Version(ctx context.Context, key string) (string, error) {
	out, err := o.Client.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(o.Bucket), Key: aws.String(o.Prefix + key)})
	if err != nil {
		return "", o.wrap(key, err)
	}
	return aws.ToString(out.ETag), nil
}

// Put writes the object.
func (o S3Objects) Put(ctx context.Context, key string, body []byte) error {
	return o.put(ctx, key, body, nil, nil)
}

// Swap writes the object if its ETag is still version ("" = absent).
func (o S3Objects) Swap(ctx context.Context, key string, body []byte, version string) error {
	if version == "" {
		return o.put(ctx, key, body, nil, aws.String("*"))
	}
	return o.put(ctx, key, body, aws.String(version), nil)
}

func (o S3Objects) put(ctx context.Context, key string, body []byte, ifMatch, ifNoneMatch *string) error {
	_, err := o.Client.PutObject(ctx, &s3.PutObjectInput{
		Bucket: aws.String(o.Bucket), Key: aws.String(o.Prefix + key), Body: bytes.NewReader(body),
		ContentType: aws.String("application/json"), IfMatch: ifMatch, IfNoneMatch: ifNoneMatch,
	})
	return o.wrap(key, err)
}

// wrap names S3's answers in shared codes: a missing object ENOTFOUND, a
// failed condition (412) or a concurrent conditional write (409) ECONFLICT.
func (o S3Objects) wrap(key string, err error) error {
	if err == nil {
		return nil
	}
	var noKey *types.NoSuchKey
	var notFound *types.NotFound
	if errors.As(err, &noKey) || errors.As(err, &notFound) {
		return shared.Errorf(shared.ENOTFOUND, "no object %s", o.Prefix+key)
	}
	var api smithy.APIError
	if errors.As(err, &api) {
		switch api.ErrorCode() {
		case "NoSuchKey", "NotFound":
			return shared.Errorf(shared.ENOTFOUND, "no object %s", o.Prefix+key)
		case "PreconditionFailed", "ConditionalRequestConflict":
			return shared.Errorf(shared.ECONFLICT, "object %s changed", o.Prefix+key)
		}
	}
	return fmt.Errorf("s3 %s: %w", o.Prefix+key, err)
}

// DirObjects stores the lists as files under Dir (locally .data/sitemaps);
// the version is the content hash. A mutex makes Swap atomic within one
// process (the dev gateway); a CLI reindex beside it could lose a
// concurrent list update, which the next run or sweep rewrites.
type DirObjects struct {
	Dir string
	mu  sync.Mutex
}

func (o *DirObjects) path(key string) (string, error) {
	if !filepath.IsLocal(key) {
		return "", fmt.Errorf("sitemaps: key %q leaves the folder", key)
	}
	return filepath.Join(o.Dir, filepath.FromSlash(key)), nil
}

// Get reads the file and its content hash.
func (o *DirObjects) Get(_ context.Context, key string) ([]byte, string, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.read(key)
}

func (o *DirObjects) read(key string) ([]byte, string, error) {
	p, err := o.path(key)
	if err != nil {
		return nil, "", err
	}
	body, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, "", shared.Errorf(shared.ENOTFOUND, "no object %s", key)
	}
	if err != nil {
		return nil, "", err
	}
	sum := sha256.Sum256(body)
	return body, hex.EncodeToString(sum[:]), nil
}

// Version is the file's content hash.
func (o *DirObjects) Version(ctx context.Context, key string) (string, error) {
	_, v, err := o.Get(ctx, key)
	return v, err
}

// Put writes the file (through a rename, so a reader never sees half).
func (o *DirObjects) Put(_ context.Context, key string, body []byte) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.write(key, body)
}

// Swap writes the file if its content hash is still version ("" = absent).
func (o *DirObjects) Swap(_ context.Context, key string, body []byte, version string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	_, v, err := o.read(key)
	if err != nil && shared.ErrorCode(err) != shared.ENOTFOUND {
		return err
	}
	if v != version {
		return shared.Errorf(shared.ECONFLICT, "object %s changed", key)
	}
	return o.write(key, body)
}

func (o *DirObjects) write(key string, body []byte) error {
	p, err := o.path(key)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	// Through a rename, so a reader never sees half a list.
	if err := renameio.WriteFile(p, body, 0o644); err != nil {
		return fmt.Errorf("sitemaps: write %s: %w", key, err)
	}
	return nil
}
