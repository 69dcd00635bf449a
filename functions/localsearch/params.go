package localsearch

import (
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"
)

// paramKind is how a search parameter is typed, so that the URL-encoded
// `params` string form and the flattened JSON form decode to the same values.
type paramKind int

const (
	kString paramKind = iota
	kInt
	kBool
	kList       // array of strings; in the string form JSON or comma-separated
	kFilterList // facetFilters & co: kept as given, parsed by the filter code
	kAny        // accepted and ignored (geo, analytics, personalisation...)
	kBoolOrStr  // typoTolerance, ignorePlurals, removeStopWords, distinct
)

// searchParams lists every Algolia search parameter this engine accepts.
// Anything else is answered 400 "Unknown parameter", as Algolia does.
var searchParams = map[string]paramKind{
	"query": kString, "similarQuery": kString, "filters": kString,
	"facetFilters": kFilterList, "numericFilters": kFilterList, "tagFilters": kFilterList,
	"optionalFilters": kAny, "sumOrFiltersScores": kBool,
	"restrictSearchableAttributes": kList, "facets": kList, "facetingAfterDistinct": kBool,
	"page": kInt, "offset": kInt, "length": kInt, "hitsPerPage": kInt,
	"aroundLatLng": kAny, "aroundLatLngViaIP": kAny, "aroundRadius": kAny, "aroundPrecision": kAny,
	"minimumAroundRadius": kAny, "insideBoundingBox": kAny, "insidePolygon": kAny,
	"naturalLanguages": kAny, "ruleContexts": kAny, "personalizationImpact": kAny, "userToken": kAny,
	"getRankingInfo": kBool, "synonyms": kBool, "clickAnalytics": kBool, "analytics": kBool,
	"analyticsTags": kAny, "percentileComputation": kBool, "enableABTest": kBool,
	"attributesToRetrieve": kList, "ranking": kList, "customRanking": kList, "relevancyStrictness": kInt,
	"attributesToHighlight": kList, "attributesToSnippet": kList,
	"highlightPreTag": kString, "highlightPostTag": kString, "snippetEllipsisText": kString,
	"restrictHighlightAndSnippetArrays": kBool,
	"minWordSizefor1Typo":               kInt, "minWordSizefor2Typos": kInt, "typoTolerance": kBoolOrStr,
	"allowTyposOnNumericTokens": kBool, "disableTypoToleranceOnAttributes": kList,
	"ignorePlurals": kAny, "removeStopWords": kAny, "keepDiacriticsOnCharacters": kString,
	"queryLanguages": kAny, "decompoundQuery": kBool, "enableRules": kBool, "enablePersonalization": kBool,
	"queryType": kString, "removeWordsIfNoResults": kString, "mode": kString, "semanticSearch": kAny,
	"advancedSyntax": kBool, "optionalWords": kAny, "disableExactOnAttributes": kList,
	"exactOnSingleWordQuery": kString, "alternativesAsExact": kAny, "advancedSyntaxFeatures": kAny,
	"distinct": kBoolOrStr, "replaceSynonymsInHighlight": kBool, "minProximity": kInt,
	"responseFields": kList, "maxFacetHits": kInt, "maxValuesPerFacet": kInt, "sortFacetValuesBy": kString,
	"attributeCriteriaComputedByMinProximity": kBool, "renderingContent": kAny,
	"enableReRanking": kBool, "reRankingApplyFilter": kAny, "facetQuery": kString,
	"cursor": kString, "explain": kAny, "paginationLimitedTo": kInt,
}

// requestOnlyKeys are keys of a multi-query entry that are not search
// parameters.
var requestOnlyKeys = map[string]bool{"indexName": true, "type": true, "facet": true, "params": true}

// params is a decoded, typed parameter set: string, int, bool, []string or
// raw filter values.
type params map[string]any

// badRequest is a 400 with Algolia's wording.
func badRequest(format string, a ...any) error {
	return &apiError{status: 400, message: fmt.Sprintf(format, a...)}
}

// decodeParamString decodes the URL-encoded `params` form.
func decodeParamString(s string, into params) error {
	vals, err := url.ParseQuery(s)
	if err != nil {
		return badRequest("Invalid params: %v", err)
	}
	for k, vs := range vals {
		v := vs[len(vs)-1]
		kind, ok := searchParams[k]
		if !ok {
			return badRequest("Unknown parameter: %s", k)
		}
		tv, err := fromString(k, kind, v)
		if err != nil {
			return err
		}
		into[k] = tv
	}
	return nil
}

func fromString(k string, kind paramKind, v string) (any, error) {
	switch kind {
	case kInt:
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			return nil, badRequest("Invalid value for %s: %q is not an integer", k, v)
		}
		return n, nil
	case kBool:
		b, err := strconv.ParseBool(v)
		if err != nil {
			return nil, badRequest("Invalid value for %s: %q is not a boolean", k, v)
		}
		return b, nil
	case kList:
		if strings.HasPrefix(strings.TrimSpace(v), "[") {
			var l []string
			if err := json.Unmarshal([]byte(v), &l); err != nil {
				return nil, badRequest("Invalid value for %s: expected an array of strings", k)
			}
			return l, nil
		}
		if v == "" {
			return []string{}, nil
		}
		parts := strings.Split(v, ",")
		for i := range parts {
			parts[i] = strings.TrimSpace(parts[i])
		}
		return parts, nil
	case kFilterList, kString, kAny, kBoolOrStr:
		if kind == kBoolOrStr && (v == "true" || v == "false") {
			return v == "true", nil
		}
		return v, nil
	}
	return v, nil
}

// decodeParamJSON decodes one flattened JSON parameter.
func decodeParamJSON(k string, raw json.RawMessage, into params) error {
	kind, ok := searchParams[k]
	if !ok {
		return badRequest("Unknown parameter: %s", k)
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return badRequest("Invalid value for %s", k)
	}
	if v == nil {
		delete(into, k)
		return nil
	}
	tv, err := fromJSON(k, kind, v)
	if err != nil {
		return err
	}
	into[k] = tv
	return nil
}

func fromJSON(k string, kind paramKind, v any) (any, error) {
	switch kind {
	case kString:
		switch x := v.(type) {
		case string:
			return x, nil
		case float64, bool:
			return fmt.Sprint(x), nil
		}
		return nil, badRequest("Invalid value for %s: expected a string", k)
	case kInt:
		switch x := v.(type) {
		case float64:
			if x != float64(int(x)) {
				return nil, badRequest("Invalid value for %s: expected an integer", k)
			}
			return int(x), nil
		case string:
			return fromString(k, kind, x)
		}
		return nil, badRequest("Invalid value for %s: expected an integer", k)
	case kBool:
		switch x := v.(type) {
		case bool:
			return x, nil
		case string:
			return fromString(k, kind, x)
		}
		return nil, badRequest("Invalid value for %s: expected a boolean", k)
	case kList:
		switch x := v.(type) {
		case string:
			return fromString(k, kind, x)
		case []any:
			out := make([]string, 0, len(x))
			for _, e := range x {
				s, ok := e.(string)
				if !ok {
					return nil, badRequest("Invalid value for %s: expected an array of strings", k)
				}
				out = append(out, s)
			}
			return out, nil
		}
		return nil, badRequest("Invalid value for %s: expected an array of strings", k)
	case kBoolOrStr:
		switch v.(type) {
		case bool, string, float64:
			return v, nil
		}
		return nil, badRequest("Invalid value for %s", k)
	}
	return v, nil
}

// encodeParams renders p as the URL-encoded string Algolia echoes in `params`.
func encodeParams(p params) string {
	keys := make([]string, 0, len(p))
	for k := range p {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		var s string
		switch v := p[k].(type) {
		case string:
			s = v
		default:
			j, _ := json.Marshal(v)
			s = string(j)
		}
		b.WriteString(url.QueryEscape(k))
		b.WriteByte('=')
		b.WriteString(strings.ReplaceAll(url.QueryEscape(s), "+", "%20"))
	}
	return b.String()
}

func (p params) str(k, def string) string {
	if v, ok := p[k].(string); ok {
		return v
	}
	return def
}

func (p params) int(k string, def int) int {
	if v, ok := p[k].(int); ok {
		return v
	}
	return def
}

func (p params) boolean(k string, def bool) bool {
	if v, ok := p[k].(bool); ok {
		return v
	}
	return def
}

func (p params) list(k string) ([]string, bool) {
	v, ok := p[k].([]string)
	return v, ok
}
