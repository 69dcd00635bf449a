// Package sample declares small types covering each of tsgen's mapping rules,
// for its golden test (testdata/sample.ts).
package sample

import (
	"encoding/json"
	"strconv"
	"time"
)

// Colour is a paint colour: a named string type with constants.
type Colour string

// Colours, one declared typed and one by conversion.
const (
	Red  Colour = "red"
	Blue        = Colour("blue")
)

// Plain is a named string type without constants.
type Plain string

// Stamp is sent as text (encoding.TextMarshaler).
type Stamp struct{ n int }

// MarshalText implements encoding.TextMarshaler.
func (s Stamp) MarshalText() ([]byte, error) { return []byte(strconv.Itoa(s.n)), nil }

// Base is embedded by value, so Thing extends it.
type Base struct {
	// ID identifies the thing.
	ID string `json:"id"`
}

// Meta is embedded by pointer: its fields are promoted and optional.
type Meta struct {
	Note string `json:"note"`
}

// Thing covers the field rules.
type Thing struct {
	Base
	*Meta
	// Identity. (a heading over a group, not this field's doc)
	Name     string `json:"name"` // a line comment
	Untagged int
	Skipped  string `json:"-"`
	//lint:ignore U1000 an unexported field, which tsgen must leave out
	hidden string

	Count     int       `json:"count,omitempty"`
	Ratio     float64   `json:"ratio"`
	Flag      bool      `json:"flag,omitempty"`
	Quoted    int       `json:"quoted,string"`
	When      time.Time `json:"when"`
	WhenMaybe time.Time `json:"when_maybe,omitempty"` // omitempty cannot omit a struct
	Zeroable  time.Time `json:"zeroable,omitzero"`
	Ptr       *int      `json:"ptr"`
	OptPtr    *Colour   `json:"opt_ptr,omitempty"`
	Colour    Colour    `json:"colour"`
	Plain     Plain     `json:"plain"`
	List      []string  `json:"list"`
	OptList   []Colour  `json:"opt_list,omitempty"`
	PtrList   []*int    `json:"ptr_list,omitempty"`
	Bytes     []byte    `json:"bytes"`
	Array     [2]int    `json:"array,omitempty"`

	ByColour map[Colour]int     `json:"by_colour"`
	ByName   map[string][]Plain `json:"by_name,omitempty"`
	Raw      json.RawMessage    `json:"raw,omitempty"`
	// Either is a number or a name; its tstype tag says so.
	Either json.RawMessage `json:"either" tstype:"number | string"`
	Any    any             `json:"any"`
	Stamp  Stamp           `json:"stamp"`
	Child  *Child          `json:"child,omitempty"`
	Dashed string          `json:"x-dashed,omitempty"`
	Inline struct {
		A string `json:"a"`
		B int    `json:"b,omitempty"`
	} `json:"inline"`
}

// Child refers to itself.
type Child struct {
	Name string  `json:"name"`
	Kids []Child `json:"kids,omitempty"`
}

// Shadow's own id shadows Base's, so Base's fields are copied, not extended.
type Shadow struct {
	Base
	ID int `json:"id"`
}

// Tie embeds two types with the same field at one depth: encoding/json drops
// the name.
type Tie struct {
	Left
	Right
	Kept string `json:"kept"`
}

// Left is half of Tie.
type Left struct {
	X string
}

// Right is the other half of Tie.
type Right struct {
	X string
}

// Custom has its own MarshalJSON, which tsgen refuses to guess at.
type Custom struct{}

// MarshalJSON implements json.Marshaler.
func (Custom) MarshalJSON() ([]byte, error) { return []byte(`"custom"`), nil }

// HasCustom reaches Custom.
type HasCustom struct {
	C Custom `json:"c"`
}
