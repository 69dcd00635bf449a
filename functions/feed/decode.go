package feed

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"

	"forecourt/shared"
)

// Row is one car of a feed before validation: values keyed by Car JSON
// name. Num is the row's number as the provider sees it: the line of a CSV
// record (the header is line 1), the 1-based position in a JSON array.
type Row struct {
	Num    int
	Fields map[string]any
	// Invalid is set when the row could not be read at all.
	Invalid string
}

// Body is a decoded feed.
type Body struct {
	Rows []Row
	// Mode and Remove come from a JSON object body; "" and nil otherwise.
	Mode   string
	Remove []string
}

// DecodeCSV reads a CSV feed with a header row. A UTF-8 BOM, CRLF line
// ends, quoted fields with commas or line breaks and blank lines are
// handled; columns are mapped by cols and the usual DMS names.
func DecodeCSV(r io.Reader, cols Columns, maxCars int) (Body, error) {
	br := bufio.NewReader(r)
	if b, err := br.Peek(3); err == nil && bytes.Equal(b, []byte{0xEF, 0xBB, 0xBF}) {
		_, _ = br.Discard(3)
	}
	cr := csv.NewReader(br)
	cr.FieldsPerRecord = -1
	cr.LazyQuotes = true
	cr.ReuseRecord = true
	header, err := cr.Read()
	if errors.Is(err, io.EOF) {
		return Body{}, shared.FieldError("body", "the CSV has no header row")
	}
	if err != nil {
		return Body{}, csvError(err)
	}
	fields := make([]string, len(header))
	known := 0
	for i, h := range header {
		fields[i] = cols.fieldFor(strings.TrimSpace(h), true)
		if fields[i] != "" {
			known++
		}
	}
	if known == 0 {
		return Body{}, shared.FieldError("body", "the CSV header names no known column")
	}
	var body Body
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return Body{}, csvError(err)
		}
		line, _ := cr.FieldPos(0)
		row := Row{Num: line, Fields: make(map[string]any, len(rec))}
		for i, v := range rec {
			if i >= len(fields) || fields[i] == "" {
				continue
			}
			if v = strings.TrimSpace(v); v != "" {
				row.Fields[fields[i]] = v
			}
		}
		if len(row.Fields) == 0 {
			continue // a line of empty cells, as spreadsheets export
		}
		if len(body.Rows) == maxCars {
			return Body{}, shared.Errorf(shared.ETOOLARGE, "a feed may hold at most %d cars", maxCars)
		}
		body.Rows = append(body.Rows, row)
	}
	return body, nil
}

// csvError names a CSV syntax error in the provider's terms; other errors
// (a body past its limit, corrupt gzip) are wrapped for Service.decode to
// classify.
func csvError(err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return shared.FieldError("body", "CSV line %d: %v", pe.Line, pe.Err)
	}
	return fmt.Errorf("read csv: %w", err)
}

// jsonBody is the object form of a JSON feed.
type jsonBody struct {
	Cars   []json.RawMessage `json:"cars"`
	Mode   string            `json:"mode"`
	Remove []string          `json:"remove"`
}

// DecodeJSON reads a JSON feed: an array of cars, or an object with cars,
// mode and remove. Keys are mapped like CSV columns.
func DecodeJSON(r io.Reader, cols Columns, maxCars int) (Body, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return Body{}, fmt.Errorf("read json: %w", err)
	}
	var jb jsonBody
	switch first := firstByte(data); first {
	case '[':
		if err := json.Unmarshal(data, &jb.Cars); err != nil {
			return Body{}, jsonError(err)
		}
	case '{':
		if err := json.Unmarshal(data, &jb); err != nil {
			return Body{}, jsonError(err)
		}
	default:
		return Body{}, shared.FieldError("body", "a JSON feed is an array of cars or an object with \"cars\"")
	}
	if len(jb.Cars) > maxCars {
		return Body{}, shared.Errorf(shared.ETOOLARGE, "a feed may hold at most %d cars", maxCars)
	}
	body := Body{Mode: jb.Mode, Remove: jb.Remove, Rows: make([]Row, 0, len(jb.Cars))}
	// Every car repeats the same keys: map each key once.
	type keyKind struct {
		key    string
		scalar bool
	}
	fieldOf := map[keyKind]string{}
	for i, raw := range jb.Cars {
		row := Row{Num: i + 1}
		var obj map[string]any
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		if err := dec.Decode(&obj); err != nil || obj == nil {
			row.Invalid = "a car must be a JSON object"
			body.Rows = append(body.Rows, row)
			continue
		}
		row.Fields = make(map[string]any, len(obj))
		direct := map[string]bool{} // fields set by their own Car name, which beats an alias
		for k, v := range obj {
			if v == nil {
				continue
			}
			_, isObject := v.(map[string]any)
			_, isList := v.([]any)
			kk := keyKind{k, !isObject && !isList}
			f, ok := fieldOf[kk]
			if !ok {
				f = cols.fieldFor(k, kk.scalar)
				fieldOf[kk] = f
			}
			if f == "" || direct[f] {
				continue
			}
			if k == f {
				direct[f] = true
			}
			row.Fields[f] = v
		}
		body.Rows = append(body.Rows, row)
	}
	return body, nil
}

func firstByte(data []byte) byte {
	data = bytes.TrimLeft(data, " \t\r\n\xef\xbb\xbf")
	if len(data) == 0 {
		return 0
	}
	return data[0]
}

func jsonError(err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return shared.FieldError("body", "invalid JSON at byte %d: %v", se.Offset, err)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		// Named in JSON's terms: the Go type (e.g. []json.RawMessage) means
		// nothing to a provider.
		want := "a string"
		if k := te.Type.Kind(); k == reflect.Slice || k == reflect.Array {
			want = "an array"
		}
		return shared.FieldError(te.Field, "expected %s, got JSON %s", want, te.Value)
	}
	return shared.FieldError("body", "invalid JSON: %v", err)
}

// tooLargeError is returned by a limitedReader past its limit.
type tooLargeError struct{ limit int64 }

func (e *tooLargeError) Error() string { return fmt.Sprintf("body larger than %d bytes", e.limit) }

// limitedReader fails with a tooLargeError once more than n bytes are read,
// unlike io.LimitReader, which would silently truncate the feed.
type limitedReader struct {
	r     io.Reader
	n     int64
	limit int64
}

func (l *limitedReader) Read(p []byte) (int, error) {
	if l.n < 0 {
		return 0, &tooLargeError{l.limit}
	}
	if int64(len(p)) > l.n+1 {
		p = p[:l.n+1]
	}
	n, err := l.r.Read(p)
	l.n -= int64(n)
	if l.n < 0 {
		return n, &tooLargeError{l.limit}
	}
	return n, err
}
