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

// MaxCSVColumns caps a CSV feed's header, and MaxCSVRecordBytes each of
// its records (the header or one car, quoted line breaks included): the CSV
// reader holds a whole record at a time, so these bound the memory and the
// work a hostile header of a million columns could take (issue 31).
const (
	MaxCSVColumns     = 1000
	MaxCSVRecordBytes = MaxCarBytes
)

// DecodeCSV reads a CSV feed with a header row. A UTF-8 BOM, CRLF line
// ends, quoted fields with commas or line breaks and blank lines are
// handled; columns are mapped by cols and the usual DMS names.
func DecodeCSV(r io.Reader, cols Columns, maxCars int) (Body, error) {
	br := bufio.NewReader(r)
	if b, err := br.Peek(3); err == nil && bytes.Equal(b, []byte{0xEF, 0xBB, 0xBF}) {
		_, _ = br.Discard(3)
	}
	// The budget counts what the CSV reader's own buffer (4 KB) takes from
	// br, so a record's real limit is within 4 KB of MaxCSVRecordBytes.
	budget := &budgetReader{r: br}
	budget.reset(MaxCSVRecordBytes)
	cr := csv.NewReader(budget)
	cr.FieldsPerRecord = -1
	cr.LazyQuotes = true
	cr.ReuseRecord = true
	header, err := cr.Read()
	if errors.Is(err, io.EOF) {
		return Body{}, shared.FieldError("body", "the CSV has no header row")
	}
	if err != nil {
		return Body{}, csvError(err, 0)
	}
	if len(header) > MaxCSVColumns {
		return Body{}, shared.FieldError("body", "the CSV header has %d columns; at most %d are allowed", len(header), MaxCSVColumns)
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
		budget.reset(MaxCSVRecordBytes)
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return Body{}, csvError(err, len(body.Rows)+1)
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

// csvError names a CSV syntax error or an oversized record (car n, 0 for
// the header) in the provider's terms; other errors (a body past its
// limit, corrupt gzip) are wrapped for Service.decode to classify.
func csvError(err error, n int) error {
	var big *valueTooLargeError
	if errors.As(err, &big) {
		what := "the CSV header"
		if n > 0 {
			what = fmt.Sprintf("CSV record %d (after the header)", n)
		}
		return shared.Errorf(shared.ETOOLARGE, "%s is longer than %d KB, the limit of one record", what, big.limit>>10)
	}
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return shared.FieldError("body", "CSV line %d: %v", pe.Line, pe.Err)
	}
	return fmt.Errorf("read csv: %w", err)
}

// MaxCarBytes caps one car of a JSON feed, and MaxOtherBytes any other
// top-level value (mode, remove): the decoder holds one value at a time, so
// these bound the memory a feed can take however it is compressed (issue 15).
const (
	MaxCarBytes   = 256 << 10
	MaxOtherBytes = 4 << 20
)

// DecodeJSON reads a JSON feed: an array of cars, or an object with cars,
// mode and remove. Keys are mapped like CSV columns. It streams: one car is
// decoded at a time and none may exceed MaxCarBytes.
func DecodeJSON(r io.Reader, cols Columns, maxCars int) (Body, error) {
	br := bufio.NewReader(r)
	if b, err := br.Peek(3); err == nil && bytes.Equal(b, []byte{0xEF, 0xBB, 0xBF}) {
		_, _ = br.Discard(3)
	}
	budget := &budgetReader{r: br}
	budget.reset(MaxOtherBytes)
	dec := json.NewDecoder(budget)
	dec.UseNumber()
	jd := jsonDecoder{dec: dec, budget: budget, cols: cols, maxCars: maxCars, fieldOf: map[keyKind]string{}}
	tok, err := dec.Token()
	if err != nil && !errors.Is(err, io.EOF) {
		return Body{}, jd.err(err)
	}
	switch tok {
	case json.Delim('['):
		if err := jd.cars(); err != nil {
			return Body{}, err
		}
	case json.Delim('{'):
		if err := jd.object(); err != nil {
			return Body{}, err
		}
	default:
		return Body{}, shared.FieldError("body", "a JSON feed is an array of cars or an object with \"cars\"")
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		if err == nil {
			return Body{}, shared.FieldError("body", "invalid JSON: data after the feed")
		}
		return Body{}, jd.err(err)
	}
	if jd.body.Rows == nil {
		jd.body.Rows = []Row{}
	}
	return jd.body, nil
}

// keyKind is a car key with whether its value is a scalar: every car
// repeats the same keys, so each is mapped to a field once.
type keyKind struct {
	key    string
	scalar bool
}

type jsonDecoder struct {
	dec     *json.Decoder
	budget  *budgetReader
	cols    Columns
	maxCars int
	fieldOf map[keyKind]string
	body    Body
}

// object reads the members of {"cars": [...], "mode": ..., "remove": [...]}
// after its opening brace; unknown members are skipped.
func (jd *jsonDecoder) object() error {
	for jd.dec.More() {
		tok, err := jd.dec.Token()
		if err != nil {
			return jd.err(err)
		}
		key, _ := tok.(string)
		jd.budget.reset(MaxOtherBytes)
		switch key {
		case "cars":
			tok, err := jd.dec.Token()
			if err != nil {
				return jd.err(err)
			}
			if tok != json.Delim('[') {
				if tok == nil {
					continue // "cars": null is no cars
				}
				return shared.FieldError("cars", "expected an array, got JSON %s", jsonKind(tok))
			}
			if err := jd.cars(); err != nil {
				return err
			}
		case "mode":
			if err := jd.dec.Decode(&jd.body.Mode); err != nil {
				return jd.fieldErr("mode", err)
			}
		case "remove":
			if err := jd.dec.Decode(&jd.body.Remove); err != nil {
				return jd.fieldErr("remove", err)
			}
		default:
			var skip json.RawMessage
			if err := jd.dec.Decode(&skip); err != nil {
				return jd.err(err)
			}
		}
	}
	if _, err := jd.dec.Token(); err != nil { // the closing brace
		return jd.err(err)
	}
	return nil
}

// cars reads the cars of an array after its opening bracket, one at a time.
func (jd *jsonDecoder) cars() error {
	for jd.dec.More() {
		num := len(jd.body.Rows) + 1
		if num > jd.maxCars {
			return shared.Errorf(shared.ETOOLARGE, "a feed may hold at most %d cars", jd.maxCars)
		}
		jd.budget.reset(MaxCarBytes)
		jd.budget.row = num
		var raw json.RawMessage
		if err := jd.dec.Decode(&raw); err != nil {
			return jd.err(err)
		}
		jd.budget.reset(MaxCarBytes) // what separates this car from the next
		jd.body.Rows = append(jd.body.Rows, jd.row(num, raw))
	}
	if _, err := jd.dec.Token(); err != nil { // the closing bracket
		return jd.err(err)
	}
	jd.budget.row = 0
	return nil
}

// row maps one car's keys to Car fields.
func (jd *jsonDecoder) row(num int, raw json.RawMessage) Row {
	row := Row{Num: num}
	var obj map[string]any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&obj); err != nil || obj == nil {
		row.Invalid = "a car must be a JSON object"
		return row
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
		f, ok := jd.fieldOf[kk]
		if !ok {
			f = jd.cols.fieldFor(k, kk.scalar)
			jd.fieldOf[kk] = f
		}
		if f == "" || direct[f] {
			continue
		}
		if k == f {
			direct[f] = true
		}
		row.Fields[f] = v
	}
	return row
}

// err classifies a decoding error: a value past its budget, a syntax error,
// or a read error for Service.decode to classify.
func (jd *jsonDecoder) err(err error) error {
	var big *valueTooLargeError
	if errors.As(err, &big) {
		if big.row > 0 {
			return shared.Errorf(shared.ETOOLARGE, "car %d is larger than %d KB", big.row, big.limit>>10)
		}
		return shared.Errorf(shared.ETOOLARGE, "a value outside \"cars\" is larger than %d KB", big.limit>>10)
	}
	var se *json.SyntaxError
	if errors.As(err, &se) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return jsonError(err)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return jsonError(err)
	}
	return fmt.Errorf("read json: %w", err)
}

// fieldErr names the member whose value had the wrong type.
func (jd *jsonDecoder) fieldErr(field string, err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		te.Field = field
		return jsonError(te)
	}
	return jd.err(err)
}

// jsonKind names a token's JSON type.
func jsonKind(tok json.Token) string {
	switch tok.(type) {
	case json.Number, float64:
		return "number"
	case string:
		return "string"
	case bool:
		return "bool"
	case json.Delim:
		return "object"
	}
	return "value"
}

// valueTooLargeError is a budgetReader's error past its budget.
type valueTooLargeError struct {
	row   int
	limit int
}

func (e *valueTooLargeError) Error() string {
	return fmt.Sprintf("value larger than %d bytes", e.limit)
}

// budgetReader fails once more than its budget is read since the last
// reset: the JSON decoder buffers a whole value before decoding it, so this
// bounds that buffer.
type budgetReader struct {
	r     io.Reader
	left  int
	limit int
	row   int
}

func (b *budgetReader) reset(limit int) { b.left, b.limit = limit, limit }

func (b *budgetReader) Read(p []byte) (int, error) {
	if b.left <= 0 {
		return 0, &valueTooLargeError{row: b.row, limit: b.limit}
	}
	if len(p) > b.left {
		p = p[:b.left]
	}
	n, err := b.r.Read(p)
	b.left -= n
	return n, err
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
