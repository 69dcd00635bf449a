package syndication

import "strings"

// VINProblem is what is wrong with a VIN; VINOK for none.
type VINProblem string

const (
	VINOK            VINProblem = ""
	VINMissing       VINProblem = "missing"
	VINBadLength     VINProblem = "not 17 characters"
	VINBadCharacter  VINProblem = "a character outside ISO 3779 (0-9, A-Z without I, O, Q)"
	VINBadCheckDigit VINProblem = "North American check digit (position 9) does not match"
)

// NormalizeVIN is the VIN as feeds carry it: trimmed, upper case.
func NormalizeVIN(vin string) string { return strings.ToUpper(strings.TrimSpace(vin)) }

// CheckVIN checks a VIN as ISO 3779 defines it: 17 characters of 0-9 and
// A-Z without I, O and Q. Only VINs of vehicles made for North America
// (world manufacturer identifier starting 1-5) must carry the check digit
// in position 9 (49 CFR 565.15); an Australian or European VIN need not,
// so its ninth character is any character of the alphabet. No Go module
// on the proxy does this (checked for issue 37); the rules are small.
func CheckVIN(vin string) VINProblem {
	v := NormalizeVIN(vin)
	switch {
	case v == "":
		return VINMissing
	case len(v) != 17:
		return VINBadLength
	}
	sum := 0
	for i := range len(v) {
		n, ok := vinValue(v[i])
		if !ok {
			return VINBadCharacter
		}
		sum += n * vinWeights[i]
	}
	if v[0] < '1' || v[0] > '5' {
		return VINOK
	}
	want := byte('0' + sum%11)
	if sum%11 == 10 {
		want = 'X'
	}
	if v[8] != want {
		return VINBadCheckDigit
	}
	return VINOK
}

// vinWeights are the position weights of the North American check digit.
var vinWeights = [17]int{8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2}

// vinValue is a character's transliterated value (49 CFR 565.15); ok is
// false for a character ISO 3779 leaves out.
func vinValue(c byte) (int, bool) {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0'), true
	case c == 'I' || c == 'O' || c == 'Q':
		return 0, false
	case c >= 'A' && c <= 'H':
		return int(c-'A') + 1, true // A=1 ... H=8
	case c >= 'J' && c <= 'R':
		return int(c-'J') + 1, true // J=1 ... R=9 (no O, Q)
	case c >= 'S' && c <= 'Z':
		return int(c-'S') + 2, true // S=2 ... Z=9
	}
	return 0, false
}
