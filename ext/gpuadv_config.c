/*
** gpuadv_config.c: a bounded JSON reader and an interpreter of Hugging Face
** config.json files into a model definition. See gpuadv_config.h for what
** is read and counted; nothing here knows SQLite.
**
** The reader keeps every value as a node of one flat array, in document
** order: a container's members follow it, and its `end` is the index one
** past its last descendant, so a lookup walks siblings without recursion.
** A first pass only counts the nodes, the second fills the array.
*/
#include <assert.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpuadv_config.h"

/* ------------------------------------------------------------------------
** JSON reader.
*/

enum json_type {
  JSON_NULL,
  JSON_FALSE,
  JSON_TRUE,
  JSON_NUMBER,
  JSON_STRING,
  JSON_ARRAY,
  JSON_OBJECT
};

typedef struct json_node {
  unsigned char type; /* enum json_type */
  int start, len;     /* the value's bytes in the text (strings: quoted) */
  int end;            /* index one past the last node of this subtree */
  int n;              /* items of an array, members of an object */
  double number;      /* JSON_NUMBER */
} json_node;

typedef struct json_doc {
  const char *z;
  int n_text;
  json_node *nodes; /* NULL while counting */
  int n_nodes;
} json_doc;

typedef struct json_parser {
  json_doc *doc;
  int pos;
  char *err;
  int n_err;
} json_parser;

/* Integers up to 2^53 are exact in a double; dimensions in configs are
** far below. Larger whole numbers still parse (as doubles). */
#define JSON_EXACT_DIGITS 17

static int is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static void skip_space(json_parser *p) {
  while (p->pos < p->doc->n_text && is_space(p->doc->z[p->pos])) p->pos++;
}

static int json_fail(json_parser *p, const char *what) {
  snprintf(p->err, (size_t)p->n_err, "config: not valid JSON at byte %d: %s",
           p->pos, what);
  return -1;
}

static int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* A string starting at p->pos (the quote); leaves pos past the closing
** quote. */
static int scan_string(json_parser *p) {
  const char *z = p->doc->z;
  int n = p->doc->n_text;
  assert(z[p->pos] == '"');
  p->pos++;
  while (p->pos < n) {
    unsigned char c = (unsigned char)z[p->pos];
    if (c == '"') {
      p->pos++;
      return 0;
    }
    if (c < 0x20) return json_fail(p, "control character in a string");
    if (c == '\\') {
      char e;
      if (p->pos + 1 >= n) break;
      e = z[p->pos + 1];
      if (e == 'u') {
        int k;
        if (p->pos + 5 >= n) break;
        for (k = 2; k < 6; k++) {
          if (hex_value(z[p->pos + k]) < 0) {
            p->pos += k;
            return json_fail(p, "bad \\u escape");
          }
        }
        p->pos += 6;
        continue;
      }
      if (!strchr("\"\\/bfnrt", e) || e == 0) {
        p->pos++;
        return json_fail(p, "bad escape");
      }
      p->pos += 2;
      continue;
    }
    p->pos++;
  }
  return json_fail(p, "unterminated string");
}

/* A number by the JSON grammar; its value, or an error past the double
** range. */
static int scan_number(json_parser *p, double *out) {
  const char *z = p->doc->z;
  int n = p->doc->n_text;
  int neg = 0, digits = 0, exp10 = 0, e = 0, e_neg = 0;
  double mant = 0.0, v;
  if (z[p->pos] == '-') {
    neg = 1;
    p->pos++;
  }
  if (p->pos >= n || z[p->pos] < '0' || z[p->pos] > '9') {
    return json_fail(p, "expected a digit");
  }
  if (z[p->pos] == '0') {
    p->pos++;
  } else {
    while (p->pos < n && z[p->pos] >= '0' && z[p->pos] <= '9') {
      if (digits < JSON_EXACT_DIGITS) {
        mant = mant * 10.0 + (z[p->pos] - '0');
        if (mant > 0.0) digits++;
      } else {
        exp10++;
      }
      p->pos++;
    }
  }
  if (p->pos < n && z[p->pos] == '.') {
    p->pos++;
    if (p->pos >= n || z[p->pos] < '0' || z[p->pos] > '9') {
      return json_fail(p, "expected a digit after '.'");
    }
    while (p->pos < n && z[p->pos] >= '0' && z[p->pos] <= '9') {
      if (digits < JSON_EXACT_DIGITS) {
        mant = mant * 10.0 + (z[p->pos] - '0');
        if (mant > 0.0) digits++;
        exp10--;
      }
      p->pos++;
    }
  }
  if (p->pos < n && (z[p->pos] == 'e' || z[p->pos] == 'E')) {
    p->pos++;
    if (p->pos < n && (z[p->pos] == '+' || z[p->pos] == '-')) {
      e_neg = z[p->pos] == '-';
      p->pos++;
    }
    if (p->pos >= n || z[p->pos] < '0' || z[p->pos] > '9') {
      return json_fail(p, "expected a digit in the exponent");
    }
    while (p->pos < n && z[p->pos] >= '0' && z[p->pos] <= '9') {
      if (e < 100000) e = e * 10 + (z[p->pos] - '0');
      p->pos++;
    }
  }
  exp10 += e_neg ? -e : e;
  if (mant == 0.0) {
    v = 0.0;
  } else if (exp10 > 400) {
    v = HUGE_VAL;
  } else if (exp10 < -400) {
    v = 0.0;
  } else if (exp10 >= 0) {
    v = mant * pow(10.0, exp10);
  } else if (exp10 >= -300) {
    v = mant / pow(10.0, -exp10); /* exact for 1e-06 and the like */
  } else {
    v = mant / 1e300 / pow(10.0, -exp10 - 300);
  }
  if (!(v <= 1.7976931348623157e308)) {
    return json_fail(p, "number out of range");
  }
  *out = neg ? -v : v;
  return 0;
}

static int add_node(json_parser *p, int type, int start, int *index) {
  json_doc *d = p->doc;
  *index = d->n_nodes++;
  if (d->nodes) {
    json_node *nd = &d->nodes[*index];
    memset(nd, 0, sizeof(*nd));
    nd->type = (unsigned char)type;
    nd->start = start;
  }
  return 0;
}

static void close_node(json_parser *p, int index, int n_members) {
  json_doc *d = p->doc;
  if (d->nodes) {
    json_node *nd = &d->nodes[index];
    nd->len = p->pos - nd->start;
    nd->end = d->n_nodes;
    nd->n = n_members;
  }
}

static int parse_value(json_parser *p, int depth);

/* Members of an array or object after its opening bracket. */
static int parse_container(json_parser *p, int is_object, int depth,
                           int *n_members) {
  const char *z = p->doc->z;
  int n = p->doc->n_text;
  char close = is_object ? '}' : ']';
  *n_members = 0;
  skip_space(p);
  if (p->pos < n && z[p->pos] == close) {
    p->pos++;
    return 0;
  }
  for (;;) {
    skip_space(p);
    if (is_object) {
      int key;
      if (p->pos >= n || z[p->pos] != '"')
        return json_fail(p, "expected a key");
      add_node(p, JSON_STRING, p->pos, &key);
      if (scan_string(p) != 0) return -1;
      close_node(p, key, 0);
      skip_space(p);
      if (p->pos >= n || z[p->pos] != ':') return json_fail(p, "expected ':'");
      p->pos++;
    }
    if (parse_value(p, depth + 1) != 0) return -1;
    (*n_members)++;
    skip_space(p);
    if (p->pos < n && z[p->pos] == ',') {
      p->pos++;
      continue;
    }
    if (p->pos < n && z[p->pos] == close) {
      p->pos++;
      return 0;
    }
    return json_fail(p,
                     is_object ? "expected ',' or '}'" : "expected ',' or ']'");
  }
}

/* One value; recursion only through containers, at most
** GPUADV_JSON_MAX_DEPTH deep. */
static int parse_value(json_parser *p, int depth) {
  const char *z = p->doc->z;
  int n = p->doc->n_text;
  int index, start;
  skip_space(p);
  if (p->pos >= n) return json_fail(p, "unexpected end of text");
  start = p->pos;
  switch (z[p->pos]) {
    case '{':
    case '[': {
      int is_object = z[p->pos] == '{', n_members;
      if (depth >= GPUADV_JSON_MAX_DEPTH) {
        return json_fail(p, "nested more than 32 levels deep");
      }
      add_node(p, is_object ? JSON_OBJECT : JSON_ARRAY, start, &index);
      p->pos++;
      if (parse_container(p, is_object, depth, &n_members) != 0) return -1;
      close_node(p, index, n_members);
      return 0;
    }
    case '"':
      add_node(p, JSON_STRING, start, &index);
      if (scan_string(p) != 0) return -1;
      close_node(p, index, 0);
      return 0;
    case 't':
    case 'f':
    case 'n': {
      static const char *const words[] = {"true", "false", "null"};
      static const int types[] = {JSON_TRUE, JSON_FALSE, JSON_NULL};
      int w = z[p->pos] == 't' ? 0 : z[p->pos] == 'f' ? 1 : 2;
      int len = (int)strlen(words[w]);
      if (n - p->pos < len || memcmp(z + p->pos, words[w], (size_t)len) != 0) {
        return json_fail(p, "unknown word");
      }
      add_node(p, types[w], start, &index);
      p->pos += len;
      close_node(p, index, 0);
      return 0;
    }
    default: {
      double v = 0.0;
      if (z[p->pos] != '-' && (z[p->pos] < '0' || z[p->pos] > '9')) {
        return json_fail(p, "expected a value");
      }
      if (scan_number(p, &v) != 0) return -1;
      add_node(p, JSON_NUMBER, start, &index);
      if (p->doc->nodes) p->doc->nodes[index].number = v;
      close_node(p, index, 0);
      return 0;
    }
  }
}

/* Bytes of a UTF-8 byte-order mark at the start of z[0..n): 3 or 0. An
** editor on Windows may save a config.json with one; it is skipped. */
static int bom_length(const char *z, int n) {
  const unsigned char *u = (const unsigned char *)z;
  return n >= 3 && u[0] == 0xEF && u[1] == 0xBB && u[2] == 0xBF ? 3 : 0;
}

/* The whole text as one value, after a byte-order mark if any; 0, -1 (err
** set) or -2 (no memory). Byte offsets in messages count the mark. */
static int json_parse(json_doc *d, const char *z, int n, char *err, int n_err) {
  json_parser p;
  int pass;
  memset(d, 0, sizeof(*d));
  d->z = z;
  d->n_text = n;
  for (pass = 0; pass < 2; pass++) {
    p.doc = d;
    p.pos = bom_length(z, n);
    p.err = err;
    p.n_err = n_err;
    d->n_nodes = 0;
    if (parse_value(&p, 0) != 0) return -1;
    skip_space(&p);
    if (p.pos != n) return json_fail(&p, "text after the value");
    if (pass == 0) {
      /* Every node took at least one byte: n_nodes <= n. */
      assert(d->n_nodes <= n);
      d->nodes = (json_node *)malloc(sizeof(json_node) * (size_t)d->n_nodes);
      if (!d->nodes) return -2;
    }
  }
  return 0;
}

/* One character of a string node's text z at z[*i], moved past: a byte as
** it stands, or an escape decoded (\uXXXX as its UTF-16 code unit, *u set
** to 1; the parser has checked every escape). */
static int json_str_char(const char *z, int *i, int *u) {
  int c = (unsigned char)z[*i];
  char e;
  *u = 0;
  if (c != '\\') {
    *i += 1;
    return c;
  }
  e = z[*i + 1];
  if (e == 'u') {
    c = (hex_value(z[*i + 2]) << 12) | (hex_value(z[*i + 3]) << 8) |
        (hex_value(z[*i + 4]) << 4) | hex_value(z[*i + 5]);
    *u = 1;
    *i += 6;
    return c;
  }
  *i += 2;
  return e == 'b'   ? '\b'
         : e == 'f' ? '\f'
         : e == 'n' ? '\n'
         : e == 'r' ? '\r'
         : e == 't' ? '\t'
                    : e;
}

/* Whether string node s equals the ASCII text key, escapes decoded. */
static int json_str_eq(const json_doc *d, int s, const char *key) {
  const json_node *nd = &d->nodes[s];
  const char *z = d->z + nd->start + 1;
  int n = nd->len - 2, i = 0, u;
  assert(nd->type == JSON_STRING);
  while (i < n) {
    int c = json_str_char(z, &i, &u);
    if (*key == 0 || c != (unsigned char)*key) return 0;
    key++;
  }
  return *key == 0;
}

/* A string node decoded into buf (n_buf bytes, NUL-terminated, cut short
** if need be); characters outside printable ASCII become '?' except
** UTF-8 bytes, which are kept. */
static void json_str_copy(const json_doc *d, int s, char *buf, int n_buf) {
  const json_node *nd = &d->nodes[s];
  const char *z = d->z + nd->start + 1;
  int n = nd->len - 2, i = 0, o = 0, u;
  assert(nd->type == JSON_STRING && n_buf > 0);
  while (i < n && o < n_buf - 1) {
    int c = json_str_char(z, &i, &u);
    if ((u && c >= 0x80) || c < 0x20 || c == 0x7f) c = '?';
    buf[o++] = (char)c;
  }
  /* Do not end inside a UTF-8 sequence cut short. */
  if (i < n && o > 0) {
    int k = o;
    while (k > 0 && ((unsigned char)buf[k - 1] & 0xC0) == 0x80) k--;
    if (k > 0 && ((unsigned char)buf[k - 1] & 0xC0) == 0xC0) o = k - 1;
  }
  buf[o] = 0;
}

/* The value node of key in object obj, or -1. A key given more than once
** takes its last value, as Python's json module (and so transformers)
** reads it. */
static int json_get(const json_doc *d, int obj, const char *key) {
  int i, child, found = -1;
  if (obj < 0 || d->nodes[obj].type != JSON_OBJECT) return -1;
  child = obj + 1;
  for (i = 0; i < d->nodes[obj].n; i++) {
    int value = child + 1;
    if (json_str_eq(d, child, key)) found = value;
    child = d->nodes[value].end;
  }
  return found;
}

/* ------------------------------------------------------------------------
** Interpreter.
*/

/* Largest dimension accepted (hidden size, layers, experts, vocabulary):
** 2^31 - 1, so every product of a few of them stays finite. */
#define CONFIG_MAX_DIM 2147483647.0

typedef struct config_ctx {
  json_doc doc;
  int root;   /* node of the top object */
  int text;   /* node of text_config, or -1 */
  int moe;    /* Mistral params.json: node of its "moe" object, or -1 */
  int native; /* 1: a Mistral params.json (dim, n_layers, ...) */
  char model_type[48]; /* of text_config when there is one */
  gpuadv_config_model *out;
  char *err;
  int n_err;
} config_ctx;

/* Defaults of transformers' config classes for keys that published
** configs leave out (configuration_<type>.py). */
typedef struct config_default {
  const char *model_type, *key;
  double value;
} config_default;

static const config_default config_defaults[] = {
    /* Gemma3TextConfig: gemma-3 configs give only what differs. */
    {"gemma3_text", "vocab_size", 262208},
    {"gemma3_text", "max_position_embeddings", 131072},
    {"gemma3_text", "sliding_window_pattern", 6},
    {"gemma3_text", "head_dim", 256},
    /* FalconConfig */
    {"falcon", "max_position_embeddings", 2048},
    {0, 0, 0}};

/* Types whose MLP is two matrices (up, down) rather than gated (gate, up,
** down): GELU MLPs of the GPT lineage. */
static const char *const ungated_types[] = {"falcon",      "gpt_neox",   "gpt2",
                                            "gpt_bigcode", "gptj",       "phi",
                                            "starcoder2",  "nemotron_h", 0};

/* Types whose configs omit tie_word_embeddings because their class ties by
** default. */
static const char *const tied_by_default[] = {
    "gemma",        "gemma2",      "gemma3", "gemma3_text",
    "gemma3n_text", "gemma4_text", "falcon", 0};

/* Types with a query and key RMSNorm of head_dim each per layer. */
static const char *const qk_norm_types[] = {
    "qwen3",       "qwen3_moe",    "qwen3_next",  "gemma3",
    "gemma3_text", "gemma3n_text", "gemma4_text", 0};

/* Types whose q, k and v projections always carry a bias. */
static const char *const qkv_bias_types[] = {"qwen2", "qwen2_moe", 0};

/* Types whose every layer uses the sliding window when one is set. */
static const char *const all_sliding_types[] = {"mistral", "mixtral",
                                                "starcoder2", 0};

static int in_list(const char *const *list, const char *s) {
  int i;
  for (i = 0; list[i]; i++) {
    if (strcmp(list[i], s) == 0) return 1;
  }
  return 0;
}

static int starts_with(const char *s, const char *prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

static int cfg_fail(config_ctx *c, const char *format, ...) {
  va_list ap;
  int k = snprintf(c->err, (size_t)c->n_err, "config: ");
  va_start(ap, format);
  if (k >= 0 && k < c->n_err) {
    vsnprintf(c->err + k, (size_t)(c->n_err - k), format, ap);
  }
  va_end(ap);
  return -1;
}

/* The value node of key: in text_config first, then at the top, then
** (Mistral params.json) in its "moe" object; null counts as absent
** (transformers then takes its default). *where gets the key as the user
** would write it. */
static int cfg_find(config_ctx *c, const char *key, char *where, int n_where) {
  int v = -1;
  if (c->text >= 0) {
    v = json_get(&c->doc, c->text, key);
    if (v >= 0 && c->doc.nodes[v].type != JSON_NULL) {
      if (where) snprintf(where, (size_t)n_where, "text_config.%s", key);
      return v;
    }
  }
  v = json_get(&c->doc, c->root, key);
  if (v >= 0 && c->doc.nodes[v].type != JSON_NULL) {
    if (where) snprintf(where, (size_t)n_where, "%s", key);
    return v;
  }
  if (c->moe >= 0) {
    v = json_get(&c->doc, c->moe, key);
    if (v >= 0 && c->doc.nodes[v].type != JSON_NULL) {
      if (where) snprintf(where, (size_t)n_where, "moe.%s", key);
      return v;
    }
  }
  if (where) {
    snprintf(where, (size_t)n_where, "%s%s", c->text >= 0 ? "text_config." : "",
             key);
  }
  return -1;
}

/* The JSON text of node v, cut to fit a message. */
static void quote_value(const config_ctx *c, int v, char *buf, int n_buf) {
  const json_node *nd = &c->doc.nodes[v];
  int len = nd->len > 40 ? 40 : nd->len;
  int k;
  snprintf(buf, (size_t)n_buf, "%.*s%s", len, c->doc.z + nd->start,
           nd->len > 40 ? "..." : "");
  /* Messages stay printable ASCII: no control byte, no UTF-8 sequence
  ** cut short. */
  for (k = 0; buf[k]; k++) {
    if ((unsigned char)buf[k] < 0x20) buf[k] = ' ';
    if ((unsigned char)buf[k] >= 0x7f) buf[k] = '?';
  }
}

enum { OPTIONAL = 0, REQUIRED = 1 };
enum { POSITIVE = 0, NONNEG = 1 };

/* A whole number under key (the first of up to three aliases found).
** Returns 1 found, 0 absent (and *v untouched), -1 error (set). */
static int cfg_int(config_ctx *c, const char *const *keys, int required,
                   int sign, double *v, char *from, int n_from) {
  char where[96];
  int i, node = -1;
  for (i = 0; keys[i] && node < 0; i++) {
    node = cfg_find(c, keys[i], where, sizeof(where));
  }
  if (node < 0) {
    const config_default *df;
    for (df = config_defaults; df->model_type; df++) {
      if (strcmp(df->model_type, c->model_type) == 0 &&
          strcmp(df->key, keys[0]) == 0) {
        *v = df->value;
        if (from)
          snprintf(from, (size_t)n_from, "(default of %s)", c->model_type);
        return 1;
      }
    }
    cfg_find(c, keys[0], where, sizeof(where));
    if (required) return cfg_fail(c, "missing key '%s'", where);
    /* The key as the user would add it, for the caller's messages. */
    if (from) snprintf(from, (size_t)n_from, "%s", where);
    return 0;
  }
  {
    const json_node *nd = &c->doc.nodes[node];
    double x = nd->number;
    /* A per-layer list whose entries are all one number (Gemma 3n's
    ** intermediate_size) is that number. */
    if (nd->type == JSON_ARRAY && nd->n > 0) {
      int i, item = node + 1, same = 1;
      const json_node *first = &c->doc.nodes[node + 1];
      for (i = 0; i < nd->n; i++) {
        const json_node *e = &c->doc.nodes[item];
        if (e->type != JSON_NUMBER || e->number != first->number) same = 0;
        item = e->end;
      }
      if (same) {
        nd = first;
        x = nd->number;
      }
    }
    if (nd->type != JSON_NUMBER || x != floor(x) ||
        (sign == POSITIVE ? x <= 0.0 : x < 0.0) || x > CONFIG_MAX_DIM) {
      char got[64];
      quote_value(c, node, got, sizeof(got));
      return cfg_fail(c, "'%s' must be a %s integer, got %s", where,
                      sign == POSITIVE ? "positive" : "non-negative", got);
    }
    *v = x;
  }
  if (from) snprintf(from, (size_t)n_from, "%s", where);
  return 1;
}

/* A true/false key; absent gives dflt. Returns -1 on a non-boolean. */
static int cfg_bool(config_ctx *c, const char *key, int dflt, int *found) {
  char where[96];
  int node = cfg_find(c, key, where, sizeof(where));
  if (found) *found = node >= 0;
  if (node < 0) return dflt;
  if (c->doc.nodes[node].type == JSON_TRUE) return 1;
  if (c->doc.nodes[node].type == JSON_FALSE) return 0;
  {
    char got[64];
    quote_value(c, node, got, sizeof(got));
    cfg_fail(c, "'%s' must be true or false, got %s", where, got);
    return -1;
  }
}

/* 1 when key holds the string value. */
static int cfg_str_is(config_ctx *c, const char *key, const char *value) {
  int node = cfg_find(c, key, 0, 0);
  return node >= 0 && c->doc.nodes[node].type == JSON_STRING &&
         json_str_eq(&c->doc, node, value);
}

/* An array under key, checked to hold n entries when n > 0; -1 absent,
** -2 error. */
static int cfg_array(config_ctx *c, const char *key, double n, char *where,
                     int n_where) {
  int node = cfg_find(c, key, where, n_where);
  if (node < 0) return -1;
  if (c->doc.nodes[node].type != JSON_ARRAY) {
    char got[64];
    quote_value(c, node, got, sizeof(got));
    cfg_fail(c, "'%s' must be an array, got %s", where, got);
    return -2;
  }
  if (n > 0 && c->doc.nodes[node].n != n) {
    cfg_fail(c, "'%s' has %d entries, 'num_hidden_layers' is %.0f", where,
             c->doc.nodes[node].n, n);
    return -2;
  }
  return node;
}

/* Entries of array node a equal to string s; or, with s NULL, equal to the
** number x. */
static int count_entries(const config_ctx *c, int a, const char *s, double x) {
  int i, item = a + 1, count = 0;
  for (i = 0; i < c->doc.nodes[a].n; i++) {
    const json_node *nd = &c->doc.nodes[item];
    if (s ? nd->type == JSON_STRING && json_str_eq(&c->doc, item, s)
          : nd->type == JSON_NUMBER && nd->number == x) {
      count++;
    }
    item = nd->end;
  }
  return count;
}

/* ------------------------------------------------------------ the rows */

static gpuadv_config_row *add_row(gpuadv_config_model *m, const char *field,
                                  double value, const char *from,
                                  const char *how, ...) {
  gpuadv_config_row *r;
  va_list ap;
  assert(m->n_rows < GPUADV_CONFIG_MAX_ROWS);
  r = &m->rows[m->n_rows++];
  memset(r, 0, sizeof(*r));
  r->field = field;
  r->value = value;
  snprintf(r->from, sizeof(r->from), "%s", from ? from : "");
  va_start(ap, how);
  vsnprintf(r->how, sizeof(r->how), how, ap);
  va_end(ap);
  return r;
}

static void add_text_row(gpuadv_config_model *m, const char *field,
                         const char *text, const char *from, const char *how) {
  gpuadv_config_row *r = add_row(m, field, 0.0, from, "%s", how);
  r->is_text = 1;
  snprintf(r->text, sizeof(r->text), "%s", text);
}

/* ------------------------------------------------------- the families */

static const struct {
  const char *prefix, *family;
} families[] = {{"llama", "llama"},
                {"mistral", "mistral"},
                {"mixtral", "mistral"},
                {"ministral", "mistral"},
                {"qwen", "qwen"},
                {"gemma", "gemma"},
                {"phi", "phi"},
                {"deepseek", "deepseek"},
                {"kimi", "kimi"},
                {"gpt_oss", "gpt-oss"},
                {"glm", "glm"},
                {"minimax", "minimax"},
                {"falcon", "falcon"},
                {"cohere", "cohere"},
                {"gpt_neox", "gpt-neox"},
                {"nemotron", "nemotron"},
                {0, 0}};

static void set_family(gpuadv_config_model *m, const char *model_type) {
  int i;
  for (i = 0; families[i].prefix; i++) {
    if (starts_with(model_type, families[i].prefix)) {
      snprintf(m->family, sizeof(m->family), "%s", families[i].family);
      return;
    }
  }
  snprintf(m->family, sizeof(m->family), "%.31s", model_type);
}

/* --------------------------------------------------------- the reading */

/* Everything read from the keys, before counting. */
typedef struct shape {
  double h, L, H, kvH, hd, V, ctx, inter;
  /* MLA */
  double kv_lora, q_lora, rope, nope, v_dim;
  /* MoE */
  double n_routed, k, moe_inter, shared_inter, n_moe, dense_inter;
  int shared_gate; /* Qwen's sigmoid gate on the shared expert */
  int router_bias; /* a per-expert routing bias (e_score_correction_bias) */
  /* layers */
  double n_linear, sliding, window;
  /* Gemma 4: the full-attention layers' own KV heads and head width (0:
  ** as the sliding ones), and K serving as V there (no v_proj) */
  double g_kvH, g_hd;
  int k_eq_v;
  /* Gemma 3n: layers reusing an earlier layer's KV, and of them sliding */
  double kv_shared, kv_shared_sliding;
  /* Gemma 3n: width and vocabulary of the per-layer inputs, AltUp's
  ** streams, LAuReL's rank (0 when absent) */
  double ple, ple_vocab, altup, laurel;
  int linear_kind; /* 0 none, 1 Gated DeltaNet, 2 Kimi Delta, 3 lightning,
                   ** 4 Mamba-2 */
  double lin_state, lin_params;
  /* Nemotron-H: every block of hybrid_override_pattern, and the MLP-only
  ** ones; 0 for models whose layers each hold a mixer and an FFN. */
  double blocks, mlp_blocks;
  /* DeepSeek-V4's compressed attention (read_compressed): whether the
  ** config has it, the compressors' and indexers' parameters, the grouped
  ** low-rank output projection, the hyper-connections' streams and the
  ** hash-routed layers (no routing bias); 0 for other models. */
  int csa;
  double compress_params, o_groups, o_lora, hc, hash_layers;
  /* elements cached per token beyond the layers' own entries: DeepSeek
  ** Sparse Attention's indexer keys, or DeepSeek-V4's compressed ones */
  double extra_kv;
  double topk;       /* DeepSeek Sparse Attention's index_topk; 0: none */
  double idx_heads;  /* its indexer's index_n_heads */
  double topk_elems; /* DeepSeek-V4: the indexed layers' entries a token */
  /* Kimi K3 (read_kimi_k3): the routed experts' latent width (0: they
  ** work at hidden) and its norm; the MLA output gate; attention
  ** residuals (per layer two norms and two 1 x hidden projections) */
  double latent;
  int latent_norm, mla_gate, attn_res;
  double vision; /* parameters of the vision tower and its projector */
  const char *vision_from; /* its key, and how it was counted */
  char vision_how[160];
  int tied, gated_mlp, qkv_bias, o_bias, mlp_bias, gated_q, falcon_new;
} shape;

#define INT1(key) ((const char *const[]){key, 0})

static int read_dense(config_ctx *c, shape *s) {
  gpuadv_config_model *m = c->out;
  char from[96];
  int found;
  if (cfg_int(c,
              (const char *const[]){"num_hidden_layers", "n_layer",
                                    "num_layers", "n_layers", 0},
              REQUIRED, POSITIVE, &s->L, from, sizeof(from)) < 0)
    return -1;
  add_row(m, "layers", s->L, from, "decoder layers");
  if (cfg_int(
          c,
          (const char *const[]){"hidden_size", "n_embd", "d_model", "dim", 0},
          REQUIRED, POSITIVE, &s->h, from, sizeof(from)) < 0)
    return -1;
  add_row(m, "hidden", s->h, from, "width of the residual stream");
  if (cfg_int(
          c,
          (const char *const[]){"num_attention_heads", "n_head", "n_heads", 0},
          REQUIRED, POSITIVE, &s->H, from, sizeof(from)) < 0)
    return -1;
  add_row(m, "heads", s->H, from, "query heads");

  /* Key/value heads. */
  {
    int r = cfg_int(c,
                    (const char *const[]){"num_key_value_heads", "num_kv_heads",
                                          "n_kv_heads", 0},
                    OPTIONAL, POSITIVE, &s->kvH, from, sizeof(from));
    if (r < 0) return -1;
    if (r == 0) {
      int mq = cfg_bool(c, "multi_query", 0, &found);
      if (mq < 0) return -1;
      if (mq) {
        s->kvH = 1;
        add_row(m, "kv_heads", 1, "multi_query",
                "multi-query attention: one K and V head");
      } else {
        s->kvH = s->H;
        add_row(m, "kv_heads", s->H, "num_attention_heads",
                "no num_key_value_heads: every query head has its own K and V "
                "(MHA)");
      }
    } else {
      if (s->kvH > s->H) {
        return cfg_fail(c,
                        "'%s' (%.0f) is more than num_attention_heads (%.0f)",
                        from, s->kvH, s->H);
      }
      add_row(m, "kv_heads", s->kvH, from,
              "key/value heads (GQA when fewer than heads)");
    }
  }

  if (cfg_int(c, (const char *const[]){"vocab_size", 0}, REQUIRED, POSITIVE,
              &s->V, from, sizeof(from)) < 0)
    return -1;
  add_row(m, "vocab", s->V, from, "rows of the embedding matrix");
  {
    /* Kimi Linear gives its context only as model_max_length. */
    int r = cfg_int(c,
                    (const char *const[]){"max_position_embeddings",
                                          "n_positions", "model_max_length", 0},
                    OPTIONAL, POSITIVE, &s->ctx, from, sizeof(from));
    if (r < 0) return -1;
    if (r == 0) {
      s->ctx = 0;
      add_row(m, "context", 0, "",
              "no max_position_embeddings: unknown (NULL)");
    } else {
      add_row(m, "context", s->ctx, from, "longest context the config allows");
    }
  }
  return 0;
}

static int read_head_dim(config_ctx *c, shape *s) {
  gpuadv_config_model *m = c->out;
  char from[96];
  int r;
  if (s->csa) {
    s->hd = s->nope + s->rope;
    add_row(m, "head_dim", s->hd, "head_dim",
            "compressed attention: the width of an entry and of a query head");
    return 0;
  }
  if (s->kv_lora > 0) {
    s->hd = s->nope + s->rope;
    add_row(m, "head_dim", s->hd, "qk_nope_head_dim, qk_rope_head_dim",
            "MLA query/key head width: qk_nope_head_dim + qk_rope_head_dim");
    return 0;
  }
  r = cfg_int(c, INT1("head_dim"), OPTIONAL, POSITIVE, &s->hd, from,
              sizeof(from));
  if (r < 0) return -1;
  if (r == 1) {
    add_row(m, "head_dim", s->hd, from, "explicit head_dim");
    return 0;
  }
  if (fmod(s->h, s->H) != 0.0) {
    return cfg_fail(c,
                    "no 'head_dim', and hidden_size %.0f is not a multiple "
                    "of num_attention_heads %.0f",
                    s->h, s->H);
  }
  s->hd = s->h / s->H;
  add_row(m, "head_dim", s->hd, "hidden_size, num_attention_heads",
          "no head_dim: hidden_size / num_attention_heads");
  return 0;
}

/* Gemma 4: full-attention layers with their own KV heads and head width
** (num_global_key_value_heads, global_head_dim), and attention_k_eq_v,
** where those layers' keys serve as values. The cache still holds both:
** vLLM copies k_proj into v_proj for them and caches K and V as in any
** layer. */
static int read_global_kv(config_ctx *c, shape *s) {
  gpuadv_config_model *m = c->out;
  char from_h[96], from_d[96];
  int rh, rd, b;
  s->g_kvH = s->g_hd = 0;
  if (s->kv_lora > 0) return 0;
  rh = cfg_int(c, INT1("num_global_key_value_heads"), OPTIONAL, POSITIVE,
               &s->g_kvH, from_h, sizeof(from_h));
  if (rh < 0) return -1;
  rd = cfg_int(c, INT1("global_head_dim"), OPTIONAL, POSITIVE, &s->g_hd, from_d,
               sizeof(from_d));
  if (rd < 0) return -1;
  if (rh == 1 && s->g_kvH > s->H) {
    return cfg_fail(c, "'%s' (%.0f) is more than num_attention_heads (%.0f)",
                    from_h, s->g_kvH, s->H);
  }
  if (rh == 0) s->g_kvH = s->kvH;
  if (rd == 0) s->g_hd = s->hd;
  b = cfg_bool(c, "attention_k_eq_v", 0, 0);
  if (b < 0) return -1;
  s->k_eq_v = b;
  if (s->g_kvH == s->kvH && s->g_hd == s->hd) {
    s->g_kvH = s->g_hd = 0;
    return 0;
  }
  add_row(m, "global_kv_heads", s->g_kvH, rh ? from_h : "num_key_value_heads",
          "key/value heads of the full-attention layers");
  add_row(m, "global_head_dim", s->g_hd, rd ? from_d : "head_dim",
          "head width of the full-attention layers%s",
          s->k_eq_v ? " (attention_k_eq_v: no v_proj; the cache holds K and "
                      "a copy as V)"
                    : "");
  return 0;
}

static int read_mla(config_ctx *c, shape *s) {
  gpuadv_config_model *m = c->out;
  char from[96];
  int r = cfg_int(c, INT1("kv_lora_rank"), OPTIONAL, POSITIVE, &s->kv_lora,
                  from, sizeof(from));
  if (r <= 0) return r;
  add_row(m, "kv_lora_rank", s->kv_lora, from,
          "MLA: the compressed latent cached per token and layer");
  if (cfg_int(c, INT1("qk_rope_head_dim"), REQUIRED, POSITIVE, &s->rope, from,
              sizeof(from)) < 0)
    return -1;
  add_row(m, "qk_rope_head_dim", s->rope, from,
          "MLA: the shared RoPE key, cached beside the latent");
  if (cfg_int(c, INT1("qk_nope_head_dim"), REQUIRED, POSITIVE, &s->nope, from,
              sizeof(from)) < 0)
    return -1;
  if (cfg_int(c, INT1("v_head_dim"), REQUIRED, POSITIVE, &s->v_dim, from,
              sizeof(from)) < 0)
    return -1;
  r = cfg_int(c, INT1("q_lora_rank"), OPTIONAL, POSITIVE, &s->q_lora, from,
              sizeof(from));
  if (r < 0) return -1;
  if (r == 0) s->q_lora = 0; /* DeepSeek-V2-Lite: q_proj straight */
  /* DeepSeek Sparse Attention (DeepSeek-V3.2, GLM-5): a lightning indexer
  ** caches a key of index_head_dim per token in every layer beside the
  ** latent, to choose the index_topk tokens a query attends to. */
  {
    double idx = 0;
    r = cfg_int(c, INT1("index_head_dim"), OPTIONAL, POSITIVE, &idx, from,
                sizeof(from));
    if (r < 0) return -1;
    if (r == 1) {
      s->extra_kv = s->L * idx;
      add_row(m, "extra_kv_elems", s->extra_kv, from,
              "DeepSeek Sparse Attention: the indexer's key of each token in "
              "each layer (num_hidden_layers x index_head_dim)");
      if (cfg_int(c, INT1("index_topk"), REQUIRED, POSITIVE, &s->topk, from,
                  sizeof(from)) < 0)
        return -1;
      add_row(m, "attn_topk", s->topk, from,
              "DeepSeek Sparse Attention: the cached tokens each query "
              "attends to; a decode step reads their latents and every "
              "token's indexer key");
      if (cfg_int(c, INT1("index_n_heads"), REQUIRED, POSITIVE, &s->idx_heads,
                  from, sizeof(from)) < 0)
        return -1;
      add_row(m, "index_heads", s->idx_heads, from,
              "DeepSeek Sparse Attention: the indexer's heads, which score "
              "every cached token for each query (in fp8)");
    }
  }
  return 0;
}

/* A compressor of DeepSeek-V4 (class Compressor of its
** inference/model.py) pooling `ratio` tokens into one entry of width d:
** its position biases (ratio x coff d), key-value and gate projections
** (hidden x coff d each) and norm (d); coff is 2 where the windows
** overlap (ratio 4), else 1. */
static double compressor_params(double h, double ratio, double d) {
  double coff = ratio == 4 ? 2 : 1;
  return ratio * coff * d + 2 * h * coff * d + d;
}

/* DeepSeek-V4's attention (model_type deepseek_v4; the classes Attention,
** Compressor, Indexer and Block of inference/model.py of
** deepseek-ai/DeepSeek-V4-Flash, initial release efc8551): one KV head of
** head_dim, each entry both key and value; every layer keeps its last
** sliding_window tokens' entries, and a layer of compress_ratios r > 0
** one entry more per r tokens (a learned pooling), r = 4 layers with an
** indexer whose index_head_dim keys (one per 4 tokens) pick the entries a
** query reads. Only r in {0, 4, 128} are read (the code's overlap and
** indexer hold for r = 4 alone). Absent compress_ratios: nothing read. */
static int read_compressed(config_ctx *c, shape *s) {
  gpuadv_config_model *m = c->out;
  char where[96], from[96];
  double hd, ih, idim, elems = 0, params = 0;
  int a = cfg_array(c, "compress_ratios", 0, where, sizeof(where));
  int i, item;
  if (a == -1) return 0;
  if (a == -2) return -1;
  if (c->doc.nodes[a].n < s->L) {
    return cfg_fail(c, "'%s' has %d entries, fewer than num_hidden_layers %.0f",
                    where, c->doc.nodes[a].n, s->L);
  }
  if (cfg_int(c, INT1("head_dim"), REQUIRED, POSITIVE, &hd, 0, 0) < 0 ||
      cfg_int(c, INT1("qk_rope_head_dim"), REQUIRED, POSITIVE, &s->rope, 0, 0) <
          0 ||
      cfg_int(c, INT1("q_lora_rank"), REQUIRED, POSITIVE, &s->q_lora, 0, 0) <
          0 ||
      cfg_int(c, INT1("o_groups"), REQUIRED, POSITIVE, &s->o_groups, 0, 0) <
          0 ||
      cfg_int(c, INT1("o_lora_rank"), REQUIRED, POSITIVE, &s->o_lora, 0, 0) <
          0 ||
      cfg_int(c, INT1("sliding_window"), REQUIRED, POSITIVE, &s->window, 0, 0) <
          0 ||
      cfg_int(c, INT1("index_n_heads"), REQUIRED, POSITIVE, &ih, 0, 0) < 0 ||
      cfg_int(c, INT1("index_head_dim"), REQUIRED, POSITIVE, &idim, 0, 0) < 0 ||
      cfg_int(c, INT1("hc_mult"), REQUIRED, POSITIVE, &s->hc, 0, 0) < 0 ||
      cfg_int(c, INT1("num_hash_layers"), OPTIONAL, NONNEG, &s->hash_layers, 0,
              0) < 0) {
    return -1;
  }
  if (s->rope >= hd) {
    return cfg_fail(c,
                    "'qk_rope_head_dim' (%.0f) must be less than head_dim "
                    "(%.0f)",
                    s->rope, hd);
  }
  if (fmod(s->H * hd, s->o_groups) != 0.0 || s->hash_layers > s->L) {
    return cfg_fail(c,
                    "'o_groups' (%.0f) must divide num_attention_heads x "
                    "head_dim, and num_hash_layers (%.0f) be at most "
                    "num_hidden_layers",
                    s->o_groups, s->hash_layers);
  }
  item = a + 1;
  for (i = 0; i < (int)s->L; i++) {
    const json_node *nd = &c->doc.nodes[item];
    double r = nd->number;
    if (nd->type != JSON_NUMBER || !(r == 0 || r == 4 || r == 128)) {
      char got[64];
      quote_value(c, item, got, sizeof(got));
      return cfg_fail(c,
                      "'%s' entry %d must be 0, 4 or 128 (the ratios of "
                      "DeepSeek-V4's code), got %s",
                      where, i, got);
    }
    if (r > 0) {
      elems += hd / r;
      params += compressor_params(s->h, r, hd);
    }
    if (r == 4) {
      /* the indexer: its keys, query projection from the q latent,
      ** per-head weights, its own compressor; a query reads the entries
      ** it picks */
      elems += idim / 4;
      s->topk_elems += hd / 4;
      params +=
          s->q_lora * ih * idim + s->h * ih + compressor_params(s->h, 4, idim);
    }
    item = nd->end;
  }
  s->kv_lora = hd - s->rope;
  s->nope = hd - s->rope;
  s->v_dim = hd;
  s->csa = 1;
  s->extra_kv = elems;
  if (s->topk_elems > 0) {
    double topk;
    if (cfg_int(c, INT1("index_topk"), REQUIRED, POSITIVE, &topk, from,
                sizeof(from)) < 0)
      return -1;
    s->topk = 4 * topk;
    add_row(m, "attn_topk", s->topk, from,
            "compressed attention: the tokens whose entries a query of an "
            "indexed layer reads, 4 x index_topk (one entry per 4 tokens)");
    add_row(m, "topk_kv_elems", s->topk_elems, "compress_ratios, head_dim",
            "compressed attention: the indexed layers' entries per token "
            "(head_dim / 4 each), read for the attn_topk tokens only");
  }
  s->compress_params = params;
  snprintf(from, sizeof(from), "head_dim, qk_rope_head_dim");
  add_row(m, "kv_lora_rank", s->kv_lora, from,
          "compressed attention: an entry (head_dim, key and value in one) "
          "less its rotary part");
  add_row(m, "qk_rope_head_dim", s->rope, "qk_rope_head_dim",
          "compressed attention: the entry's rotary part");
  add_row(m, "extra_kv_elems", elems, where,
          "per token of context: head_dim / r for each layer of ratio r > 0, "
          "and index_head_dim / 4 of indexer keys for each r = 4 layer");
  return 0;
}

/* Whether 0 under the experts key found (from, as the user writes it)
** means a dense model. transformers builds Qwen2-MoE's and Qwen3-MoE's
** MoE blocks only where num_experts > 0, so 0 there is dense; Mixtral,
** Llama 4, gpt-oss (num_local_experts) and DeepSeek (n_routed_experts)
** build their MoE blocks whatever the count, which 0 leaves without
** experts, so 0 there is an error. */
static int no_experts_is_dense(const char *from) {
  const char *dot = strrchr(from, '.');
  return strcmp(dot ? dot + 1 : from, "num_experts") == 0;
}

/* Routed experts, top-k, widths and which layers are MoE. */
static int read_moe(config_ctx *c, shape *s) {
  gpuadv_config_model *m = c->out;
  const char *mt = c->model_type;
  char from[96], where[96], inter_key[96];
  int r = cfg_int(c,
                  (const char *const[]){"num_local_experts", "num_experts",
                                        "n_routed_experts", 0},
                  OPTIONAL, NONNEG, &s->n_routed, from, sizeof(from));
  double inter_found = 0;
  if (r < 0) return -1;
  if (r == 1 && s->n_routed == 0 && !no_experts_is_dense(from)) {
    return cfg_fail(c,
                    "'%s' must be a positive integer, got 0 (a dense model "
                    "leaves it out)",
                    from);
  }
  r = cfg_int(c,
              (const char *const[]){"intermediate_size", "ffn_hidden_size",
                                    "hidden_dim", 0},
              OPTIONAL, POSITIVE, &s->inter, inter_key, sizeof(inter_key));
  if (r < 0) return -1;
  inter_found = r;
  if (s->n_routed <= 0) {
    s->n_routed = 0;
    if (!inter_found) {
      if (strcmp(mt, "falcon") != 0) {
        return cfg_fail(c, "missing key '%s'", inter_key);
      }
      s->inter = 4 * s->h;
      add_row(m, "intermediate", s->inter, "hidden_size",
              "Falcon: 4 x hidden_size (the config gives no width)");
    } else {
      add_row(m, "intermediate", s->inter, inter_key, "width of the MLP");
    }
    s->dense_inter = s->inter;
    add_row(m, "n_experts", 0, "", "dense: no routed experts");
    return 0;
  }
  add_row(m, "n_experts", s->n_routed, from, "routed experts per MoE layer");
  if (cfg_int(c,
              (const char *const[]){
                  "num_experts_per_tok", "num_experts_per_token",
                  "experts_per_token", "moe_topk", "top_k_experts", 0},
              REQUIRED, POSITIVE, &s->k, from, sizeof(from)) < 0)
    return -1;
  if (s->k > s->n_routed) {
    return cfg_fail(c, "'%s' (%.0f) is more than the %.0f routed experts", from,
                    s->k, s->n_routed);
  }
  add_row(m, "experts_per_token", s->k, from,
          "routed experts each token uses (top-k)");
  r = cfg_int(
      c, (const char *const[]){"moe_intermediate_size", "expert_hidden_dim", 0},
      OPTIONAL, POSITIVE, &s->moe_inter, from, sizeof(from));
  if (r < 0) return -1;
  if (r == 0) {
    if (!inter_found) return cfg_fail(c, "missing key '%s'", inter_key);
    s->moe_inter = s->inter;
    add_row(m, "intermediate", s->moe_inter, inter_key,
            "width of one expert (no moe_intermediate_size: the experts use "
            "intermediate_size)");
  } else {
    add_row(m, "intermediate", s->moe_inter, from, "width of one expert");
  }
  s->dense_inter = inter_found ? s->inter : 0;

  /* Shared experts. */
  {
    double n_shared = 0, w = 0;
    r = cfg_int(
        c, (const char *const[]){"n_shared_experts", "num_shared_experts", 0},
        OPTIONAL, NONNEG, &n_shared, from, sizeof(from));
    if (r < 0) return -1;
    if (r == 1 && n_shared > 0) {
      /* Nemotron-H gives the shared experts their own width. */
      r = cfg_int(c, INT1("moe_shared_expert_intermediate_size"), OPTIONAL,
                  POSITIVE, &w, where, sizeof(where));
      if (r < 0) return -1;
      s->shared_inter = n_shared * (r == 1 ? w : s->moe_inter);
      add_row(m, "shared_expert_width", s->shared_inter, r == 1 ? where : from,
              r == 1 ? "always-on shared experts: n_shared_experts x "
                       "moe_shared_expert_intermediate_size"
                     : "always-on shared experts: n_shared_experts x "
                       "moe_intermediate_size");
    } else {
      r = cfg_int(c, INT1("shared_expert_intermediate_size"), OPTIONAL, NONNEG,
                  &w, from, sizeof(from));
      if (r < 0) return -1;
      if (r == 1 && w > 0) {
        s->shared_inter = w;
        s->shared_gate = 1;
        add_row(m, "shared_expert_width", w, from,
                "one always-on shared expert with a sigmoid gate");
      } else if (starts_with(mt, "llama4")) {
        if (!inter_found) return cfg_fail(c, "missing key '%s'", inter_key);
        s->shared_inter = s->inter;
        add_row(m, "shared_expert_width", s->shared_inter, inter_key,
                "Llama 4: one shared expert of intermediate_size");
      } else if (starts_with(mt, "gemma4")) {
        if (!inter_found) return cfg_fail(c, "missing key '%s'", inter_key);
        s->shared_inter = s->inter;
        add_row(m, "shared_expert_width", s->shared_inter, inter_key,
                "Gemma 4: a dense MLP of intermediate_size beside the experts "
                "in every layer");
      }
    }
  }

  /* Routers with auxiliary-loss-free balancing add a bias of one value
  ** per expert to the scores (e_score_correction_bias in the
  ** checkpoints): DeepSeek-V3's noaux_tc and its descendants (Kimi K2),
  ** Kimi Linear's sigmoid router, GLM-4.5 and MiniMax-M2's routing bias. */
  {
    int urb = cfg_bool(c, "use_routing_bias", 0, 0);
    if (urb < 0) return -1;
    s->router_bias = urb || cfg_str_is(c, "topk_method", "noaux_tc") ||
                     cfg_str_is(c, "moe_router_activation_func", "sigmoid") ||
                     starts_with(mt, "glm4_moe");
  }

  /* Which layers are MoE. */
  {
    double first_k = 0, freq = 1, step = 1, nd = 0;
    int a;
    if ((r = cfg_int(c, INT1("first_k_dense_replace"), OPTIONAL, NONNEG,
                     &first_k, from, sizeof(from))) < 0)
      return -1;
    if (r == 1) {
      if (cfg_int(c,
                  (const char *const[]){"moe_layer_freq", "route_every_n", 0},
                  OPTIONAL, POSITIVE, &freq, NULL, 0) < 0) {
        return -1;
      }
      if (first_k > s->L) first_k = s->L;
      /* Layers i >= first_k with i % freq == 0. */
      s->n_moe = first_k >= s->L
                     ? 0
                     : floor((s->L - 1) / freq) - floor((first_k - 1) / freq);
      if (first_k == 0) s->n_moe = floor((s->L - 1) / freq) + 1;
      if (freq == 1) {
        add_row(m, "moe_layers", s->n_moe, from,
                "the first %.0f layers are dense, the others MoE", first_k);
      } else {
        add_row(
            m, "moe_layers", s->n_moe, "first_k_dense_replace, moe_layer_freq",
            "the first %.0f layers are dense, then every %.0f-th layer is MoE",
            first_k, freq);
      }
    } else if ((r = cfg_int(c, INT1("interleave_moe_layer_step"), OPTIONAL,
                            POSITIVE, &step, from, sizeof(from))) != 0) {
      if (r < 0) return -1;
      s->n_moe = floor(s->L / step);
      add_row(m, "moe_layers", s->n_moe, from,
              "layer i is MoE when (i + 1) %% %.0f = 0", step);
      r = cfg_int(c, INT1("intermediate_size_mlp"), OPTIONAL, POSITIVE, &nd,
                  from, sizeof(from));
      if (r < 0) return -1;
      if (r == 1) s->dense_inter = nd;
    } else {
      r = cfg_int(c, INT1("decoder_sparse_step"), OPTIONAL, POSITIVE, &step,
                  from, sizeof(from));
      if (r < 0) return -1;
      s->n_moe = floor(s->L / step);
      a = cfg_array(c, "mlp_only_layers", 0, where, sizeof(where));
      if (a == -2) return -1;
      if (a >= 0) {
        int i, item = a + 1;
        for (i = 0; i < c->doc.nodes[a].n; i++) {
          const json_node *nd2 = &c->doc.nodes[item];
          if (nd2->type == JSON_NUMBER && nd2->number >= 0 &&
              nd2->number < s->L && nd2->number == floor(nd2->number) &&
              fmod(nd2->number + 1, step) == 0) {
            s->n_moe -= 1;
          }
          item = nd2->end;
        }
        if (s->n_moe < 0) s->n_moe = 0;
      }
      if (step == 1) {
        add_row(m, "moe_layers", s->n_moe,
                a >= 0
                    ? (r == 1 ? "decoder_sparse_step, mlp_only_layers" : where)
                : r == 1 ? from
                         : "",
                "every layer is MoE%s", a >= 0 ? ", less mlp_only_layers" : "");
      } else {
        add_row(m, "moe_layers", s->n_moe, from, "every %.0f-th layer is MoE%s",
                step, a >= 0 ? ", less mlp_only_layers" : "");
      }
    }
    if (s->n_moe < s->L && s->dense_inter <= 0) {
      return cfg_fail(c, "missing key '%s'", inter_key);
    }
  }
  return 0;
}

/* Gated DeltaNet (Qwen3-Next): state and parameters of one layer. */
static int read_gated_deltanet(config_ctx *c, shape *s) {
  double hk, hv, dk, dv, kern, key_dim, value_dim, conv_dim;
  if (cfg_int(c, INT1("linear_num_key_heads"), REQUIRED, POSITIVE, &hk, 0, 0) <
          0 ||
      cfg_int(c, INT1("linear_num_value_heads"), REQUIRED, POSITIVE, &hv, 0,
              0) < 0 ||
      cfg_int(c, INT1("linear_key_head_dim"), REQUIRED, POSITIVE, &dk, 0, 0) <
          0 ||
      cfg_int(c, INT1("linear_value_head_dim"), REQUIRED, POSITIVE, &dv, 0, 0) <
          0 ||
      cfg_int(c, INT1("linear_conv_kernel_dim"), REQUIRED, POSITIVE, &kern, 0,
              0) < 0) {
    return -1;
  }
  key_dim = hk * dk;
  value_dim = hv * dv;
  conv_dim = 2 * key_dim + value_dim;
  s->linear_kind = 1;
  /* Recurrent state: a dk x dv matrix per value head; the short
  ** convolution keeps its last kernel - 1 inputs. */
  s->lin_state = hv * dk * dv + conv_dim * (kern - 1);
  /* in_proj_qkvz, in_proj_ba, conv1d, dt_bias, A_log, gated norm, out_proj. */
  s->lin_params = s->h * (2 * key_dim + 2 * value_dim) + s->h * 2 * hv +
                  conv_dim * kern + 2 * hv + dv + value_dim * s->h;
  return 0;
}

/* Kimi Delta Attention (Kimi Linear's linear_attn_config). */
static int read_kimi_delta(config_ctx *c, int cfg, shape *s) {
  json_doc *d = &c->doc;
  int hn = json_get(d, cfg, "num_heads"), dn = json_get(d, cfg, "head_dim");
  int kn = json_get(d, cfg, "short_conv_kernel_size");
  double H, dh, kern;
  if (hn < 0 || d->nodes[hn].type != JSON_NUMBER || d->nodes[hn].number < 1 ||
      d->nodes[hn].number > 65536 || dn < 0 ||
      d->nodes[dn].type != JSON_NUMBER || d->nodes[dn].number < 1 ||
      d->nodes[dn].number > 65536) {
    return cfg_fail(
        c, "'linear_attn_config' needs positive 'num_heads' and 'head_dim'");
  }
  H = floor(d->nodes[hn].number);
  dh = floor(d->nodes[dn].number);
  kern = kn >= 0 && d->nodes[kn].type == JSON_NUMBER &&
                 d->nodes[kn].number >= 1 && d->nodes[kn].number <= 1024
             ? floor(d->nodes[kn].number)
             : 4;
  s->linear_kind = 2;
  /* A dh x dh state per head, and q, k, v short convolutions. */
  s->lin_state = H * dh * dh + 3 * H * dh * (kern - 1);
  /* q, k, v, o projections; convolutions; low-rank forget and output
  ** gates (h x dh, dh x H dh each); beta; A_log, dt_bias; output norm. */
  s->lin_params = 4 * s->h * H * dh + 3 * H * dh * kern +
                  2 * (s->h * dh + dh * H * dh) + s->h * H + H + H * dh + dh;
  /* Kimi K3's use_full_rank_gate: the output gate one h x H dh matrix
  ** (g_proj) in place of the low-rank pair */
  {
    int fr = json_get(d, cfg, "use_full_rank_gate");
    if (fr >= 0 && d->nodes[fr].type != JSON_TRUE &&
        d->nodes[fr].type != JSON_FALSE) {
      return cfg_fail(c,
                      "'linear_attn_config.use_full_rank_gate' must be "
                      "true or false");
    }
    if (fr >= 0 && d->nodes[fr].type == JSON_TRUE) {
      s->lin_params += s->h * H * dh - (s->h * dh + dh * H * dh);
    }
  }
  return 0;
}

/* Kimi K3 (modeling_kimi_linear.py of moonshotai/Kimi-K3, as its SGLang
** and vLLM ports read it): routed experts that work in a latent of
** routed_expert_hidden_size, reached by one down-projection per layer and
** left by one up-projection (with an RMSNorm of the latent where
** latent_moe_use_norm), the router and the shared experts at the hidden
** width; an output gate on the MLA layers (mla_use_output_gate: H x
** v_head_dim x hidden); and attention residuals (attn_res_block_size:
** per layer two norms and two 1 x hidden projections, one pair more at the
** output). Each is absent in other configs. */
static int read_kimi_k3(config_ctx *c, shape *s) {
  gpuadv_config_model *m = c->out;
  char from[96];
  double x = 0;
  int r = cfg_int(c, INT1("routed_expert_hidden_size"), OPTIONAL, POSITIVE,
                  &s->latent, from, sizeof(from));
  if (r < 0) return -1;
  if (r == 1) {
    if (!(s->n_routed > 0) || s->latent > s->h) {
      return cfg_fail(c,
                      "'%s' (%.0f) needs routed experts and at most "
                      "hidden_size (%.0f)",
                      from, s->latent, s->h);
    }
    s->latent_norm = cfg_bool(c, "latent_moe_use_norm", 0, 0);
    if (s->latent_norm < 0) return -1;
    add_row(m, "expert_latent", s->latent, from,
            "routed experts work in this latent width: a down- and an "
            "up-projection per MoE layer%s",
            s->latent_norm ? ", and a norm of the latent" : "");
  } else {
    s->latent = 0;
  }
  s->mla_gate = s->kv_lora > 0 ? cfg_bool(c, "mla_use_output_gate", 0, 0) : 0;
  if (s->mla_gate < 0) return -1;
  r = cfg_int(c, INT1("attn_res_block_size"), OPTIONAL, POSITIVE, &x, from,
              sizeof(from));
  if (r < 0) return -1;
  s->attn_res = r == 1;
  if (s->attn_res) {
    add_row(m, "attn_res_block_size", x, from,
            "attention residuals: each sublayer's input a learned mix of "
            "block outputs (two norms and projections a layer, none cached)");
  }
  return 0;
}

/* Nemotron-H (hybrid_override_pattern): each block holds one token mixer
** (M Mamba-2, * attention) or one FFN (E MoE, - MLP), not both. The
** shape counts the mixer blocks as its layers, each with the FFN block
** that follows it, so that layers less linear layers are the attention
** layers whose KV grows with the context; the FFN-only blocks hold no
** cache. A Mamba-2 layer keeps an SSM state of heads x head_dim x
** ssm_state_size and a conv state of (conv_kernel - 1) x (heads x head_dim
** + 2 x n_groups x ssm_state_size). */
static int read_mamba2_pattern(config_ctx *c, int v, const char *where,
                               shape *s) {
  gpuadv_config_model *m = c->out;
  const json_doc *d = &c->doc;
  const json_node *nd = &d->nodes[v];
  double n_m = 0, n_a = 0, n_e = 0, n_d = 0, H, P, N, G = 1, K = 4, inner, ch;
  char from[96];
  int i, r;
  if (nd->type != JSON_STRING) {
    return cfg_fail(c, "'%s' must be a string of M, *, E and -", where);
  }
  /* The string's characters, between its quotes (no escapes: any
  ** backslash is refused below). */
  for (i = 1; i < nd->len - 1; i++) {
    char ch1 = d->z[nd->start + i];
    if (ch1 == 'M')
      n_m++;
    else if (ch1 == '*')
      n_a++;
    else if (ch1 == 'E')
      n_e++;
    else if (ch1 == '-')
      n_d++;
    else
      return cfg_fail(c, "'%s' may hold only M, *, E and -", where);
  }
  if (n_m + n_a + n_e + n_d != s->L) {
    return cfg_fail(c, "'%s' has %.0f blocks, num_hidden_layers %.0f", where,
                    n_m + n_a + n_e + n_d, s->L);
  }
  if (n_m + n_a == 0) return cfg_fail(c, "'%s' has no M or * block", where);
  if (n_e > 0 && s->n_routed <= 0) {
    return cfg_fail(c, "'%s' has MoE blocks but the config no experts", where);
  }
  if (n_m > 0) {
    if (cfg_int(c, INT1("mamba_num_heads"), REQUIRED, POSITIVE, &H, NULL, 0) <
            0 ||
        cfg_int(c, INT1("mamba_head_dim"), REQUIRED, POSITIVE, &P, NULL, 0) <
            0 ||
        cfg_int(c, (const char *const[]){"ssm_state_size", "state_size", 0},
                REQUIRED, POSITIVE, &N, NULL, 0) < 0)
      return -1;
    if ((r = cfg_int(c, INT1("n_groups"), OPTIONAL, POSITIVE, &G, NULL, 0)) <
            0 ||
        (r = cfg_int(c, INT1("conv_kernel"), OPTIONAL, POSITIVE, &K, NULL, 0)) <
            0)
      return -1;
    inner = H * P;
    ch = inner + 2 * G * N;
    s->lin_state = inner * N + (K - 1) * ch;
    /* in_proj (gate z, x, B, C, dt), the depthwise conv and its bias,
    ** A_log, D and dt_bias, the gated norm, out_proj. */
    s->lin_params = s->h * (2 * inner + 2 * G * N + H) + ch * K + ch + 3 * H +
                    inner + inner * s->h;
  }
  s->blocks = s->L;
  s->mlp_blocks = n_d;
  s->n_linear = n_m;
  s->linear_kind = 4;
  if (s->n_routed > 0) s->n_moe = n_e;
  s->L = n_m + n_a;
  /* The rows read before the pattern: layers now counts mixer blocks, and
  ** the MoE layers are the E blocks. */
  for (i = 0; i < m->n_rows; i++) {
    gpuadv_config_row *row = &m->rows[i];
    if (strcmp(row->field, "layers") == 0) {
      row->value = s->L;
      snprintf(row->from, sizeof(row->from), "%s", where);
      snprintf(row->how, sizeof(row->how),
               "mixer blocks (M Mamba-2, * attention) of the %.0f; the %.0f "
               "FFN-only blocks (E, -) fold into them",
               s->blocks, n_e + n_d);
    } else if (strcmp(row->field, "moe_layers") == 0) {
      row->value = s->n_moe;
      snprintf(row->from, sizeof(row->from), "%s", where);
      snprintf(row->how, sizeof(row->how), "blocks of type E (MoE)");
    }
  }
  snprintf(from, sizeof(from), "%s", where);
  add_row(m, "linear_layers", s->n_linear, from, "blocks of type M (Mamba-2)");
  return 0;
}

/* Which layers are linear or sliding, and their window. */
static int read_layers(config_ctx *c, shape *s) {
  gpuadv_config_model *m = c->out;
  const char *mt = c->model_type;
  char from[96], where[96], lt_where[96];
  int lt, r, found;
  double x = 0;

  lt = cfg_array(c, "layer_types", s->L, lt_where, sizeof(lt_where));
  if (lt == -2) return -1;
  /* Linear layers. */
  if ((r = cfg_find(c, "hybrid_override_pattern", from, sizeof(from))) >= 0) {
    if (read_mamba2_pattern(c, r, from, s) < 0) return -1;
  } else if (lt >= 0 && count_entries(c, lt, "linear_attention", 0) > 0) {
    s->n_linear = count_entries(c, lt, "linear_attention", 0);
    if (read_gated_deltanet(c, s) < 0) return -1;
    add_row(m, "linear_layers", s->n_linear, lt_where,
            "layers of type linear_attention (Gated DeltaNet)");
  } else if ((r = cfg_int(c, INT1("full_attention_interval"), OPTIONAL,
                          POSITIVE, &x, from, sizeof(from))) != 0) {
    if (r < 0) return -1;
    s->n_linear = s->L - floor(s->L / x);
    if (read_gated_deltanet(c, s) < 0) return -1;
    add_row(m, "linear_layers", s->n_linear, from,
            "every %.0f-th layer is full attention, the others Gated DeltaNet",
            x);
  } else if ((r = cfg_find(c, "linear_attn_config", where, sizeof(where))) >=
             0) {
    int cfg = r, kda, full;
    if (c->doc.nodes[cfg].type != JSON_OBJECT) {
      return cfg_fail(c, "'%s' must be an object", where);
    }
    kda = json_get(&c->doc, cfg, "kda_layers");
    full = json_get(&c->doc, cfg, "full_attn_layers");
    if (kda >= 0 && c->doc.nodes[kda].type == JSON_ARRAY) {
      s->n_linear = c->doc.nodes[kda].n;
    } else if (full >= 0 && c->doc.nodes[full].type == JSON_ARRAY) {
      s->n_linear = s->L - c->doc.nodes[full].n;
    } else {
      return cfg_fail(c, "'%s' needs 'kda_layers' or 'full_attn_layers'",
                      where);
    }
    if (s->n_linear < 0 || s->n_linear > s->L) {
      return cfg_fail(c, "'%s' lists more layers than num_hidden_layers",
                      where);
    }
    if (read_kimi_delta(c, cfg, s) < 0) return -1;
    add_row(m, "linear_layers", s->n_linear, where,
            "Kimi Delta Attention layers (kda_layers)");
  } else if ((r = cfg_array(c, "attn_type_list", s->L, where, sizeof(where))) !=
             -1) {
    if (r == -2) return -1;
    s->n_linear = count_entries(c, r, 0, 0.0);
    s->linear_kind = 3;
    /* Lightning attention: a head_dim x head_dim state per head; q, k, v,
    ** output gate and output projections and a norm. */
    s->lin_state = s->H * s->hd * s->hd;
    s->lin_params =
        4 * s->h * s->H * s->hd + s->H * s->hd * s->h + s->H * s->hd;
    add_row(m, "linear_layers", s->n_linear, where,
            "entries 0 of attn_type_list: lightning (linear) attention");
  } else {
    add_row(m, "linear_layers", 0, "", "no linear-attention layers");
  }
  if (s->n_linear > 0) {
    add_row(m, "linear_state_elems", s->lin_state, "",
            s->linear_kind == 1 ? "per linear layer and sequence: value heads "
                                  "x key dim x value dim, "
                                  "plus (kernel - 1) x conv channels"
            : s->linear_kind == 4
                ? "per Mamba-2 layer and sequence: heads x head_dim x "
                  "ssm_state_size, plus (conv_kernel - 1) x conv channels"
            : s->linear_kind == 2
                ? "per linear layer and sequence: heads x head_dim^2, plus "
                  "(kernel - 1) "
                  "x 3 x heads x head_dim"
                : "per linear layer and sequence: heads x head_dim^2");
  }

  /* Sliding-window layers. */
  {
    int wnode = cfg_find(c, "sliding_window", from, sizeof(from));
    double window = 0, pattern = 0;
    const char *how = 0;
    char howbuf[160], clipped[224];
    int chunked = starts_with(mt, "llama4")
                      ? cfg_int(c, INT1("attention_chunk_size"), OPTIONAL,
                                POSITIVE, &window, from, sizeof(from))
                      : 0;
    if (chunked < 0) return -1;
    if (s->csa) {
      window = s->window;
      s->sliding = s->L;
      how = "compressed attention: every layer keeps its window of entries";
    } else if (s->kv_lora > 0) {
      how = "MLA: no sliding window";
    } else if (chunked) {
      int nr = cfg_array(c, "no_rope_layers", 0, where, sizeof(where));
      if (nr == -2) return -1;
      if (nr >= 0 && c->doc.nodes[nr].n == s->L) {
        s->sliding = count_entries(c, nr, 0, 1.0);
        how =
            "chunked attention on the RoPE layers (no_rope_layers 1): at most "
            "attention_chunk_size tokens";
      } else {
        double every = 4;
        if (cfg_int(c, INT1("no_rope_layer_interval"), OPTIONAL, POSITIVE,
                    &every, 0, 0) < 0)
          return -1;
        s->sliding = s->L - floor(s->L / every);
        snprintf(howbuf, sizeof(howbuf),
                 "chunked attention on the RoPE layers, all but every %.0f-th: "
                 "at most attention_chunk_size tokens",
                 every);
        how = howbuf;
      }
      s->window = window;
    } else if (wnode < 0) {
      how = "no sliding_window";
    } else if (cfg_int(c, INT1("sliding_window"), OPTIONAL, POSITIVE, &window,
                       from, sizeof(from)) < 0) {
      return -1;
    } else if (lt >= 0) {
      s->sliding = count_entries(c, lt, "sliding_attention", 0);
      how = "layers of type sliding_attention in layer_types";
    } else if (strcmp(mt, "gemma2") == 0) {
      s->sliding = ceil(s->L / 2);
      how = "Gemma 2: even layers local, odd layers global";
    } else if (starts_with(mt, "gemma3")) {
      if (cfg_int(c, INT1("sliding_window_pattern"), REQUIRED, POSITIVE,
                  &pattern, 0, 0) < 0)
        return -1;
      s->sliding = s->L - floor(s->L / pattern);
      snprintf(
          howbuf, sizeof(howbuf),
          "Gemma 3: sliding_window_pattern %.0f, each %.0f-th layer global",
          pattern, pattern);
      how = howbuf;
    } else {
      int use = cfg_bool(c, "use_sliding_window", 0, &found);
      if (use < 0) return -1;
      if (found && !use) {
        how = "use_sliding_window is false";
      } else if (found && use) {
        double mwl = 0;
        if (cfg_int(c, INT1("max_window_layers"), OPTIONAL, NONNEG, &mwl, 0,
                    0) < 0) {
          return -1;
        }
        s->sliding = mwl < s->L ? s->L - mwl : 0;
        how = "use_sliding_window: layers from max_window_layers on";
      } else if (in_list(all_sliding_types, mt)) {
        s->sliding = s->L - s->n_linear;
        how = "every layer uses the window";
      } else {
        how = "sliding_window is not used by this model_type";
      }
    }
    /* A layer is linear or attention, never both: a window applies to
    ** the attention layers only (a config with full_attention_interval and
    ** use_sliding_window, say). */
    if (s->sliding > s->L - s->n_linear) {
      s->sliding = s->L - s->n_linear;
      snprintf(clipped, sizeof(clipped),
               "%s; only the %.0f attention (not linear) layers", how,
               s->sliding);
      how = clipped;
    }
    /* (Not where the full layers cache another shape: the sliding ones
    ** must still be told apart.) */
    if (s->sliding > 0 && s->ctx > 0 && window >= s->ctx && !(s->g_hd > 0)) {
      s->sliding = 0;
      how = "the window covers the whole context";
    }
    if (s->sliding > 0) {
      s->window = window;
      add_row(m, "sliding_window", window, from, "tokens a local layer keeps");
    } else {
      s->window = 0;
    }
    add_row(m, "sliding_layers", s->sliding, s->sliding > 0 ? from : "", "%s",
            how);
  }

  /* KV sharing (Gemma 3n): the last num_kv_shared_layers layers reuse the
  ** cache of the last earlier layer of their type and keep none. */
  s->kv_shared = s->kv_shared_sliding = 0;
  r = cfg_int(c, INT1("num_kv_shared_layers"), OPTIONAL, NONNEG, &x, from,
              sizeof(from));
  if (r < 0) return -1;
  if (r == 1 && x > 0) {
    int i, item, first;
    if (lt < 0) {
      return cfg_fail(c,
                      "'%s' needs 'layer_types', to know which kinds of "
                      "layer share",
                      from);
    }
    first = (int)(s->L - x);
    item = lt + 1;
    for (i = 0; i < c->doc.nodes[lt].n; i++) {
      const json_node *nd = &c->doc.nodes[item];
      if (i >= first && nd->type == JSON_STRING) {
        if (json_str_eq(&c->doc, item, "sliding_attention")) {
          s->kv_shared_sliding += 1;
        } else if (!json_str_eq(&c->doc, item, "full_attention")) {
          return cfg_fail(c,
                          "'%s' shares the cache of a layer of type other "
                          "than sliding_attention or full_attention",
                          from);
        }
      }
      item = nd->end;
    }
    s->kv_shared = x;
    /* Each kind must keep one cache of its own to share. */
    if (s->kv_shared_sliding >= s->sliding && s->kv_shared_sliding > 0) {
      return cfg_fail(c, "'%s' (%.0f) leaves no sliding layer its own cache",
                      from, x);
    }
    if (s->kv_shared - s->kv_shared_sliding >=
        s->L - s->n_linear - s->sliding) {
      return cfg_fail(c, "'%s' (%.0f) leaves no full layer its own cache", from,
                      x);
    }
    add_row(m, "kv_shared_layers", s->kv_shared, from,
            "the last layers reuse an earlier layer's KV cache and keep none");
    add_row(m, "kv_shared_sliding", s->kv_shared_sliding, lt_where,
            "of them, layers of type sliding_attention");
  }
  return 0;
}

/* ------------------------------------------------------ vision towers */

/* A positive whole number under key of the vision object obj (named
** name in messages); dflt when absent, or an error when dflt is 0. */
static int vis_int(config_ctx *c, int obj, const char *name, const char *key,
                   double dflt, double *v) {
  int node = json_get(&c->doc, obj, key);
  const json_node *nd;
  if (node < 0 || c->doc.nodes[node].type == JSON_NULL) {
    if (dflt > 0) {
      *v = dflt;
      return 0;
    }
    return cfg_fail(c, "missing key '%s.%s'", name, key);
  }
  nd = &c->doc.nodes[node];
  if (nd->type != JSON_NUMBER || nd->number != floor(nd->number) ||
      nd->number <= 0.0 || nd->number > CONFIG_MAX_DIM) {
    char got[64];
    quote_value(c, node, got, sizeof(got));
    return cfg_fail(c, "'%s.%s' must be a positive integer, got %s", name, key,
                    got);
  }
  *v = nd->number;
  return 0;
}

/* A true/false key of object obj (named name in messages); dflt when
** absent or null, -1 with the error set when not a boolean. */
static int vis_bool(config_ctx *c, int obj, const char *name, const char *key,
                    int dflt) {
  int node = json_get(&c->doc, obj, key);
  if (node < 0 || c->doc.nodes[node].type == JSON_NULL) return dflt;
  if (c->doc.nodes[node].type == JSON_TRUE) return 1;
  if (c->doc.nodes[node].type == JSON_FALSE) return 0;
  {
    char got[64];
    quote_value(c, node, got, sizeof(got));
    return cfg_fail(c, "'%s.%s' must be true or false, got %s", name, key, got);
  }
}

/* The common shape of a ViT: width, MLP width, layers, channels, image and
** patch side. Each kind passes the defaults of its transformers config
** class (Llama4VisionConfig, SiglipVisionConfig, PixtralVisionConfig) for
** the keys a config leaves out. */
typedef struct vit {
  double hv, iv, L, ch, img, patch;
} vit;

static int read_vit(config_ctx *c, int obj, const char *name, const vit *dflt,
                    vit *t) {
  if (vis_int(c, obj, name, "hidden_size", dflt->hv, &t->hv) < 0 ||
      vis_int(c, obj, name, "intermediate_size", dflt->iv, &t->iv) < 0 ||
      vis_int(c, obj, name, "num_hidden_layers", dflt->L, &t->L) < 0 ||
      vis_int(c, obj, name, "num_channels", dflt->ch, &t->ch) < 0 ||
      vis_int(c, obj, name, "image_size", dflt->img, &t->img) < 0 ||
      vis_int(c, obj, name, "patch_size", dflt->patch, &t->patch) < 0) {
    return -1;
  }
  return 0;
}

/* Llama 4 (Llama4VisionModel and Llama4MultiModalProjector): unfold patch
** linear, class and position embeddings, two LayerNorms; layers of q, k,
** v, o and a 2-matrix GELU MLP, all with biases, and two LayerNorms; the
** pixel-shuffle MLP (intermediate_size -> projector_input_dim ->
** projector_output_dim, no biases); the projector to the text width. */
static int vision_llama4(config_ctx *c, int obj, const char *name, double h,
                         double *out) {
  static const vit dflt = {768, 5632, 34, 3, 448, 14};
  vit t;
  double pin, pout, vout, grid, layer;
  if (read_vit(c, obj, name, &dflt, &t) < 0 ||
      vis_int(c, obj, name, "projector_input_dim", 4096, &pin) < 0 ||
      vis_int(c, obj, name, "projector_output_dim", 4096, &pout) < 0 ||
      vis_int(c, obj, name, "vision_output_dim", 7680, &vout) < 0) {
    return -1;
  }
  grid = floor(t.img / t.patch);
  layer = 4 * (t.hv * t.hv + t.hv) + 2 * t.hv * t.iv + t.iv + t.hv + 4 * t.hv;
  *out = t.ch * t.patch * t.patch * t.hv + t.hv + (grid * grid + 1) * t.hv +
         4 * t.hv + t.L * layer + t.iv * pin + pout * pout + vout * h;
  return 0;
}

/* Gemma 3 (SigLIP and Gemma3MultiModalProjector): patch convolution with
** bias, position embeddings, layers of q, k, v, o and a 2-matrix MLP with
** biases and two LayerNorms, the post LayerNorm, the attention-pooling
** head when vision_use_head; the projection to the text width and its
** RMSNorm. */
static int vision_siglip(config_ctx *c, int obj, const char *name, double h,
                         double *out) {
  static const vit dflt = {768, 3072, 12, 3, 224, 16};
  vit t;
  double grid, layer, head = 0;
  int use_head;
  if (read_vit(c, obj, name, &dflt, &t) < 0) return -1;
  if ((use_head = vis_bool(c, obj, name, "vision_use_head", 1)) < 0) return -1;
  grid = floor(t.img / t.patch);
  layer = 4 * (t.hv * t.hv + t.hv) + 2 * t.hv * t.iv + t.iv + t.hv + 4 * t.hv;
  if (use_head) {
    /* probe, attention in/out projections, LayerNorm, MLP */
    head = t.hv + 4 * (t.hv * t.hv + t.hv) + 2 * t.hv + 2 * t.hv * t.iv + t.iv +
           t.hv;
  }
  *out = t.ch * t.patch * t.patch * t.hv + t.hv + grid * grid * t.hv +
         t.L * layer + 2 * t.hv + head + t.hv * h + t.hv;
  return 0;
}

/* Pixtral (Mistral Small 3.1's vision_config, Mistral params.json's
** vision_encoder): patch convolution and RMSNorms without biases, layers of
** q, k, v, o and a gated MLP; the projector: an RMSNorm, the patch merger
** (spatial_merge_size^2 patches into one) and two linears to the text
** width. */
static int vision_pixtral(config_ctx *c, int obj, const char *name, double h,
                          double *out) {
  static const vit dflt = {1024, 4096, 24, 3, 1024, 16};
  vit t;
  double merge = 2;
  int adapter_bias, projector_bias;
  if (read_vit(c, obj, name, &dflt, &t) < 0) return -1;
  adapter_bias = vis_bool(c, obj, name, "adapter_bias", 0);
  projector_bias = cfg_bool(c, "multimodal_projector_bias", 0, 0);
  if (adapter_bias < 0 || projector_bias < 0) return -1;
  /* Mistral3Config keeps spatial_merge_size at the top, a params.json in
  ** its vision_encoder. */
  if (cfg_int(c, INT1("spatial_merge_size"), OPTIONAL, POSITIVE, &merge, 0, 0) <
          0 ||
      vis_int(c, obj, name, "spatial_merge_size", merge, &merge) < 0) {
    return -1;
  }
  *out = t.ch * t.patch * t.patch * t.hv + t.hv +
         t.L * (4 * t.hv * t.hv + 3 * t.hv * t.iv + 2 * t.hv) + t.hv +
         merge * merge * t.hv * t.hv + t.hv * h + h * h +
         (adapter_bias || projector_bias ? 2 * h : 0);
  return 0;
}

/* The vision tower of a multimodal checkpoint: loaded with the weights,
** not run for text tokens (so in the total, not in the active count). */
static int read_vision(config_ctx *c, shape *s) {
  json_doc *d = &c->doc;
  const char *name = c->native ? "vision_encoder" : "vision_config";
  int obj = json_get(d, c->root, name), r;
  char parent[48] = "", kind[48] = "";
  s->vision = 0;
  s->vision_from = "";
  if (obj < 0 || d->nodes[obj].type != JSON_OBJECT) {
    snprintf(s->vision_how, sizeof(s->vision_how), "no vision tower");
    return 0;
  }
  s->vision_from = name;
  {
    int v = json_get(d, c->root, "model_type");
    if (v >= 0 && d->nodes[v].type == JSON_STRING) {
      json_str_copy(d, v, parent, sizeof(parent));
    }
    v = json_get(d, obj, "model_type");
    if (v >= 0 && d->nodes[v].type == JSON_STRING) {
      json_str_copy(d, v, kind, sizeof(kind));
    }
  }
  if (strcmp(parent, "llama4") == 0) {
    r = vision_llama4(c, obj, name, s->h, &s->vision);
  } else if (strcmp(parent, "gemma3") == 0) {
    r = vision_siglip(c, obj, name, s->h, &s->vision);
  } else if (c->native || strcmp(parent, "mistral3") == 0) {
    r = vision_pixtral(c, obj, name, s->h, &s->vision);
  } else {
    snprintf(s->vision_how, sizeof(s->vision_how),
             "a vision tower of model_type '%.40s' this reader does not count",
             kind[0] ? kind : "?");
    return 0;
  }
  if (r < 0) return -1;
  snprintf(s->vision_how, sizeof(s->vision_how),
           "%.40s tower and projector: in the total (loaded), not in the "
           "active parameters (text tokens do not run it)",
           c->native ? "Pixtral"
           : kind[0] ? kind
                     : "vision");
  return 0;
}

/* Gemma 3n's blocks beside attention and MLP (Gemma3nTextModel in
** transformers): per-layer inputs (hidden_size_per_layer_input from a table
** of vocab_size_per_layer_input rows), AltUp (altup_num_inputs streams)
** and LAuReL (laurel_rank). */
static int read_per_layer(config_ctx *c, shape *s) {
  gpuadv_config_model *m = c->out;
  char from[96];
  int r;
  s->ple = s->ple_vocab = s->altup = s->laurel = 0;
  r = cfg_int(c, INT1("hidden_size_per_layer_input"), OPTIONAL, NONNEG, &s->ple,
              from, sizeof(from));
  if (r < 0) return -1;
  if (s->ple > 0) {
    s->ple_vocab = s->V;
    if (cfg_int(c, INT1("vocab_size_per_layer_input"), OPTIONAL, POSITIVE,
                &s->ple_vocab, 0, 0) < 0)
      return -1;
    add_row(m, "per_layer_input", s->ple, from,
            "per-layer input width, from a table of %.0f rows", s->ple_vocab);
  }
  if (cfg_int(c, INT1("altup_num_inputs"), OPTIONAL, NONNEG, &s->altup, from,
              sizeof(from)) < 0)
    return -1;
  if (s->altup > 1) {
    add_row(m, "altup_streams", s->altup, from, "AltUp: hidden-size streams");
  } else {
    s->altup = 0;
  }
  if (cfg_int(c, INT1("laurel_rank"), OPTIONAL, NONNEG, &s->laurel, from,
              sizeof(from)) < 0)
    return -1;
  if (s->laurel > 0) {
    add_row(m, "laurel_rank", s->laurel, from, "LAuReL low-rank residual");
  }
  return 0;
}

/* ------------------------------------------------------------ counting */

static void count_params(config_ctx *c, shape *s) {
  gpuadv_config_model *m = c->out;
  gpuadv_config_params *p = &m->params;
  const char *mt = c->model_type;
  double h = s->h, n_full = s->L - s->n_linear, attn, norm_layer, g;
  double expert, moe_layer, router, n_dense, inactive;

  /* Attention of one full-attention layer. */
  if (s->csa) {
    /* DeepSeek-V4: q_a, its norm, q_b; one key-value projection and its
    ** norm; the grouped output projection (o_groups blocks of o_lora_rank
    ** each) and o_b; a sink per head. Compressors and indexers below. */
    attn = h * s->q_lora + s->q_lora + s->q_lora * s->H * s->hd + h * s->hd +
           s->hd + s->H * s->hd * s->o_lora + s->o_groups * s->o_lora * h +
           s->H;
  } else if (s->kv_lora > 0) {
    double q = s->q_lora > 0 ? h * s->q_lora + s->q_lora +
                                   s->q_lora * s->H * (s->nope + s->rope)
                             : h * s->H * (s->nope + s->rope);
    attn = q + h * (s->kv_lora + s->rope) + s->kv_lora +
           s->kv_lora * s->H * (s->nope + s->v_dim) + s->H * s->v_dim * h;
    if (s->mla_gate) attn += h * s->H * s->v_dim; /* Kimi K3's g_proj */
  } else {
    attn = h * s->H * s->hd * (s->gated_q ? 2 : 1) + 2 * h * s->kvH * s->hd +
           s->H * s->hd * h;
    if (s->qkv_bias) attn += s->H * s->hd + 2 * s->kvH * s->hd;
    if (s->o_bias) attn += h;
    if (in_list(qk_norm_types, mt)) attn += 2 * s->hd;
    if (strcmp(mt, "minimax_m2") == 0) attn += (s->H + s->kvH) * s->hd;
    if (strcmp(mt, "gpt_oss") == 0) attn += s->H; /* attention sinks */
  }
  if (s->g_hd > 0) {
    /* Gemma 4: the sliding layers as above; the full ones at their own
    ** width, with no v_proj when K serves as V. */
    double g_attn = h * s->H * s->g_hd +
                    (s->k_eq_v ? 1 : 2) * h * s->g_kvH * s->g_hd +
                    s->H * s->g_hd * h;
    if (in_list(qk_norm_types, mt)) g_attn += 2 * s->g_hd;
    p->attention = s->sliding * attn + (n_full - s->sliding) * g_attn;
  } else {
    p->attention = n_full * attn + s->compress_params;
  }
  p->linear_attention = s->n_linear * s->lin_params;

  /* MLP and experts. */
  g = s->gated_mlp ? 3 : 2;
  n_dense = s->blocks > 0     ? s->mlp_blocks
            : s->n_routed > 0 ? s->L - s->n_moe
                              : s->L;
  p->mlp = n_dense * (g * h * s->dense_inter +
                      (s->mlp_bias ? (g - 1) * s->dense_inter + h : 0));
  expert = g * (s->latent > 0 ? s->latent : h) * s->moe_inter;
  if (strcmp(mt, "gpt_oss") == 0) expert += 2 * s->moe_inter + h; /* biases */
  router = s->n_routed * h +
           (strcmp(mt, "gpt_oss") == 0 || s->router_bias ? s->n_routed : 0);
  moe_layer = s->n_routed * expert + g * h * s->shared_inter + router +
              (s->shared_gate ? h : 0);
  if (s->latent > 0)
    moe_layer += 2 * h * s->latent + (s->latent_norm ? s->latent : 0);
  p->experts = s->n_routed > 0 ? s->n_moe * moe_layer : 0;
  /* DeepSeek-V4's hash-routed layers (a token-id table picks the
  ** experts) have no routing bias */
  if (s->n_routed > 0 && s->router_bias)
    p->experts -= s->hash_layers * s->n_routed;
  inactive = s->n_routed > 0 ? s->n_moe * (s->n_routed - s->k) * expert : 0;

  /* Norms: two per layer (Gemma 2 and 3: four), the final one; Falcon's
  ** LayerNorms have a bias too. */
  if (s->blocks > 0) {
    /* Nemotron-H: one norm per block. */
    p->norms = s->blocks * h + h;
  } else if (strcmp(mt, "falcon") == 0) {
    norm_layer = s->falcon_new ? 4 * h : 2 * h;
    p->norms = s->L * norm_layer + 2 * h;
  } else {
    norm_layer = starts_with(mt, "gemma2") || starts_with(mt, "gemma3") ||
                         starts_with(mt, "gemma4")
                     ? 4 * h
                     : 2 * h;
    p->norms = s->L * norm_layer + h;
  }
  if (s->attn_res) p->norms += s->L * 4 * h + 2 * h; /* Kimi K3 */

  /* Gemma 3n (Gemma3nTextModel, Gemma3nTextDecoderLayer): the per-layer
  ** table (ple_vocab x L x ple), its projection from the hidden state
  ** (h x L x ple) and norm (ple); per layer a gate (h x ple), a
  ** projection back (ple x h) and a norm (h). AltUp's n streams: n - 1
  ** projections in and n - 1 out (h x h each), and per layer its
  ** correction (n x n) and prediction (n x n^2) coefficients, router
  ** (h x n), router norm and output scale (h each). LAuReL per layer: two
  ** rank-r matrices (h x r each) and a norm (h). */
  p->per_layer = 0;
  if (s->ple > 0) {
    p->per_layer += s->ple_vocab * s->L * s->ple + h * s->L * s->ple + s->ple +
                    s->L * (2 * h * s->ple + h);
  }
  if (s->altup > 1) {
    double n = s->altup;
    p->per_layer +=
        2 * (n - 1) * h * h + s->L * (n * n + n * n * n + h * n + 2 * h);
  }
  if (s->laurel > 0) p->per_layer += s->L * (2 * h * s->laurel + h);
  /* DeepSeek-V4's hyper-connections (class Block, ParallelHead): hc_mult
  ** streams of the hidden state; per block, for the attention and the
  ** FFN each, a mixing matrix ((2 + hc) hc x hc h), its base ((2 + hc)
  ** hc) and 3 scales; at the head one matrix (hc x hc h), base (hc) and
  ** scale. */
  if (s->hc > 0) {
    double mix = (2 + s->hc) * s->hc;
    p->per_layer += s->L * (2 * mix * s->hc * h + 2 * mix + 6) +
                    s->hc * s->hc * h + s->hc + 1;
  }

  p->embeddings = s->V * h;
  p->lm_head = s->tied ? 0 : s->V * h;
  p->vision = s->vision;
  p->total = p->embeddings + p->attention + p->linear_attention + p->mlp +
             p->experts + p->norms + p->lm_head + p->vision + p->per_layer;
  p->active = p->total - inactive - p->vision;
}

/* Attention-kind flags that depend on the model type and on the keys. */
static int read_flags(config_ctx *c, shape *s) {
  gpuadv_config_model *m = c->out;
  const char *mt = c->model_type;
  int found, b;
  char from[96];

  b = cfg_bool(c, c->native ? "tied_embeddings" : "tie_word_embeddings",
               in_list(tied_by_default, mt), &found);
  if (b < 0) return -1;
  s->tied = b;
  add_row(
      m, "tied_embeddings", b,
      found ? (c->native ? "tied_embeddings" : "tie_word_embeddings") : "",
      found ? (b ? "the LM head is the embedding matrix"
                 : "the LM head is its own matrix")
            : (b ? "absent: this model_type ties the LM head to the embeddings"
                 : "absent: untied, the default of this model_type"));

  s->gated_mlp = !in_list(ungated_types, mt);
  b = cfg_bool(c, "attention_bias", 0, &found);
  if (b < 0) return -1;
  s->qkv_bias = b || in_list(qkv_bias_types, mt);
  /* GLM-4 biases q, k, v only; Llama and gpt-oss bias o too. */
  s->o_bias = b && !starts_with(mt, "glm4");
  if (strcmp(mt, "falcon") == 0) {
    int fb = cfg_bool(c, "bias", 0, 0);
    if (fb < 0) return -1;
    s->qkv_bias = s->o_bias = s->mlp_bias = fb;
    s->falcon_new = cfg_bool(c, "new_decoder_architecture", 0, 0);
    if (s->falcon_new < 0) return -1;
  }
  b = cfg_bool(c, "mlp_bias", 0, 0);
  if (b < 0) return -1;
  s->mlp_bias = s->mlp_bias || b;
  /* Qwen3-Next's and Qwen3.5's gated attention: q_proj also yields the
  ** output gate. */
  b = cfg_bool(c, "attn_output_gate", 0, 0);
  if (b < 0) return -1;
  s->gated_q = strcmp(mt, "qwen3_next") == 0 || b;
  snprintf(from, sizeof(from), "%s", found ? "attention_bias" : "");
  add_row(m, "attention_biases", s->qkv_bias, s->qkv_bias ? from : "",
          s->qkv_bias ? (in_list(qkv_bias_types, mt) && !b
                             ? "this model_type always biases q, k and v"
                         : s->o_bias ? "q, k, v and o projections have biases"
                                     : "q, k and v projections have biases")
                      : "no projection biases");
  return 0;
}

static void finish_def(config_ctx *c, shape *s) {
  gpuadv_config_model *m = c->out;
  gpuadv_model_def *d = &m->def;
  gpuadv_config_params *p = &m->params;
  memset(d, 0, sizeof(*d));
  d->params_b = p->total / 1e9;
  d->active_params_b = p->active / 1e9;
  d->hidden = s->h;
  d->intermediate = s->n_routed > 0 ? s->moe_inter : s->inter;
  d->heads = s->H;
  d->vocab = s->V;
  d->context = s->ctx;
  d->n_experts = s->n_routed;
  d->experts_per_token = s->n_routed > 0 ? s->k : 0;
  d->shape.layers = s->L;
  d->shape.kv_heads = s->kvH;
  d->shape.head_dim = s->hd;
  d->shape.kv_lora_rank = s->kv_lora;
  d->shape.qk_rope_head_dim = s->kv_lora > 0 ? s->rope : 0;
  d->shape.sliding_window = s->window;
  d->shape.sliding_layers = s->sliding;
  d->shape.linear_layers = s->n_linear;
  d->shape.linear_state_elems = s->n_linear > 0 ? s->lin_state : 0;
  d->shape.global_kv_heads = s->g_kvH;
  d->shape.global_head_dim = s->g_hd;
  d->shape.kv_shared_layers = s->kv_shared;
  d->shape.kv_shared_sliding = s->kv_shared > 0 ? s->kv_shared_sliding : 0;
  d->shape.extra_kv_elems = s->extra_kv;
  d->shape.attn_topk = s->topk;
  d->shape.index_heads = s->idx_heads;
  d->shape.topk_kv_elems = s->topk_elems;
  if (s->csa) {
    snprintf(m->attention, sizeof(m->attention), "csa");
  } else if (s->kv_lora > 0) {
    snprintf(m->attention, sizeof(m->attention), "mla");
  } else {
    snprintf(m->attention, sizeof(m->attention), "%s",
             s->kvH == s->H ? "mha"
             : s->kvH == 1  ? "mqa"
                            : "gqa");
  }
}

static void add_param_rows(config_ctx *c, shape *s) {
  gpuadv_config_model *m = c->out;
  gpuadv_config_params *p = &m->params;
  add_row(m, "params_embeddings", p->embeddings, "vocab_size, hidden_size",
          "vocab x hidden");
  if (s->csa) {
    add_row(m, "params_attention", p->attention,
            "q_lora_rank, head_dim, o_groups, o_lora_rank, compress_ratios, "
            "index_n_heads, index_head_dim",
            "%.0f layers x (q_a, q_b, kv, grouped o_a, o_b, norms, sinks), "
            "plus the compressors and indexers of compress_ratios",
            s->L);
  } else {
    add_row(m, "params_attention", p->attention,
            s->kv_lora > 0
                ? "kv_lora_rank, q_lora_rank, qk_nope_head_dim, "
                  "qk_rope_head_dim, v_head_dim"
                : "num_attention_heads, num_key_value_heads, head_dim",
            s->kv_lora > 0
                ? "%.0f layers x MLA projections (q_a, q_b, kv_a, kv_b, o and "
                  "their norms)"
                : "%.0f full-attention layers x (q, k, v, o projections%s)",
            s->L - s->n_linear, s->qkv_bias ? ", biases" : "");
  }
  if (s->n_linear > 0) {
    add_row(m, "params_linear_attention", p->linear_attention,
            s->linear_kind == 1
                ? "linear_num_key_heads, linear_num_value_heads, "
                  "linear_key_head_dim, linear_value_head_dim"
            : s->linear_kind == 2 ? "linear_attn_config"
            : s->linear_kind == 4
                ? "mamba_num_heads, mamba_head_dim, ssm_state_size, n_groups, "
                  "conv_kernel"
                : "num_attention_heads, head_dim",
            "%.0f linear-attention layers x %.0f", s->n_linear, s->lin_params);
  }
  add_row(m, "params_mlp", p->mlp, "hidden_size, intermediate_size",
          "%.0f dense layers x %s MLP of width %.0f",
          s->blocks > 0     ? s->mlp_blocks
          : s->n_routed > 0 ? s->L - s->n_moe
                            : s->L,
          s->gated_mlp ? "gated (3 matrices)" : "2-matrix", s->dense_inter);
  if (s->n_routed > 0) {
    add_row(m, "params_experts", p->experts,
            "hidden_size, moe_intermediate_size, experts",
            "%.0f MoE layers x (%.0f experts of width %.0f + shared width %.0f "
            "+ router%s)",
            s->n_moe, s->n_routed, s->moe_inter, s->shared_inter,
            s->router_bias ? " with its per-expert bias" : "");
  }
  add_row(m, "params_norms", p->norms, "num_hidden_layers, hidden_size",
          "norm weights of every layer and the final norm");
  add_row(m, "params_lm_head", p->lm_head,
          s->tied ? "tie_word_embeddings" : "vocab_size, hidden_size",
          s->tied ? "tied: shares the embedding matrix" : "vocab x hidden");
  add_row(m, "params_vision", p->vision, s->vision_from, "%s", s->vision_how);
  if (p->per_layer > 0 && s->hc > 0) {
    add_row(m, "params_per_layer", p->per_layer, "hc_mult",
            "DeepSeek-V4: the hyper-connections' mixing weights of every "
            "block and of the head");
  } else if (p->per_layer > 0) {
    add_row(m, "params_per_layer", p->per_layer,
            "hidden_size_per_layer_input, altup_num_inputs, laurel_rank",
            "Gemma 3n: per-layer inputs (table, projections, gates), AltUp and "
            "LAuReL");
  }
  add_row(m, "params_total", p->total, "",
          "sum of the above; multi-token-prediction layers not counted");
  if (s->n_routed > 0) {
    add_row(m, "params_active", p->active, "",
            "total less the %.0f unused routed experts of each MoE layer%s",
            s->n_routed - s->k, s->vision > 0 ? " and the vision tower" : "");
  } else {
    add_row(m, "params_active", p->active, "", "dense: every parameter%s",
            s->vision > 0 ? " but the vision tower" : "");
  }
  add_row(m, "params_b", m->def.params_b, "", "params_total / 1e9");
  add_row(m, "active_params_b", m->def.active_params_b, "",
          "params_active / 1e9");
}

int gpuadv_config_is_json(const char *z, int n) {
  int i;
  for (i = bom_length(z, n); i < n && is_space(z[i]); i++) {
  }
  return i < n && z[i] == '{';
}

static int interpret(config_ctx *c) {
  gpuadv_config_model *m = c->out;
  json_doc *d = &c->doc;
  shape s;
  int v;
  char from[96];
  memset(&s, 0, sizeof(s));

  c->root = 0;
  if (d->nodes[0].type != JSON_OBJECT) {
    return cfg_fail(c, "not a JSON object");
  }
  v = json_get(d, c->root, "text_config");
  c->text = v >= 0 && d->nodes[v].type == JSON_OBJECT ? v : -1;
  /* Mistral's own params.json (the only config of Mistral Large 3): dim,
  ** n_layers, n_heads, hidden_dim, and the MoE keys in a "moe" object. */
  c->native = c->text < 0 && json_get(d, c->root, "dim") >= 0 &&
              json_get(d, c->root, "n_layers") >= 0 &&
              json_get(d, c->root, "hidden_size") < 0;
  v = c->native ? json_get(d, c->root, "moe") : -1;
  c->moe = v >= 0 && d->nodes[v].type == JSON_OBJECT ? v : -1;

  /* model_type and name. */
  v = cfg_find(c, "model_type", from, sizeof(from));
  if (v >= 0 && d->nodes[v].type == JSON_STRING) {
    json_str_copy(d, v, c->model_type, sizeof(c->model_type));
  }
  if (c->native) {
    snprintf(c->model_type, sizeof(c->model_type), "mistral");
    snprintf(m->name, sizeof(m->name), "mistral");
    snprintf(from, sizeof(from), "dim, n_layers");
    add_text_row(m, "name", m->name, "dim, n_layers",
                 "a Mistral params.json, which names no model");
  } else if ((v = json_get(d, c->root, "_name_or_path")) >= 0 &&
             d->nodes[v].type == JSON_STRING && d->nodes[v].len > 2) {
    json_str_copy(d, v, m->name, sizeof(m->name));
    add_text_row(m, "name", m->name, "_name_or_path", "the config's own name");
  } else {
    v = json_get(d, c->root, "model_type");
    if (v >= 0 && d->nodes[v].type == JSON_STRING && d->nodes[v].len > 2) {
      json_str_copy(d, v, m->name, sizeof(m->name));
    } else {
      snprintf(m->name, sizeof(m->name), "config");
    }
    add_text_row(m, "name", m->name, v >= 0 ? "model_type" : "",
                 "no _name_or_path: the model_type");
  }
  set_family(m, c->model_type);
  add_text_row(m, "family", m->family, c->model_type[0] ? from : "",
               "vendor family of the model_type");

  if (read_dense(c, &s) < 0) return -1;
  if (read_mla(c, &s) < 0) return -1;
  if (read_compressed(c, &s) < 0) return -1;
  if (read_head_dim(c, &s) < 0) return -1;
  if (read_global_kv(c, &s) < 0) return -1;
  if (read_moe(c, &s) < 0) return -1;
  if (read_layers(c, &s) < 0) return -1;
  if (read_kimi_k3(c, &s) < 0) return -1;
  if (read_flags(c, &s) < 0) return -1;
  if (read_vision(c, &s) < 0) return -1;
  if (read_per_layer(c, &s) < 0) return -1;
  count_params(c, &s);
  if (!(m->params.total / 1e9 <= GPUADV_MAX_PARAMS_B)) {
    return cfg_fail(c,
                    "the shape gives %.3g billion parameters, more than %.0f",
                    m->params.total / 1e9, GPUADV_MAX_PARAMS_B);
  }
  finish_def(c, &s);
  add_text_row(m, "attention", m->attention,
               s.csa           ? "compress_ratios"
               : s.kv_lora > 0 ? "kv_lora_rank"
                               : "num_key_value_heads",
               s.csa           ? "compressed sparse attention (DeepSeek-V4)"
               : s.kv_lora > 0 ? "multi-head latent attention"
               : s.kvH == s.H  ? "every query head has its own K and V"
               : s.kvH == 1    ? "one K and V head for all query heads"
                               : "query heads share K and V heads in groups");
  {
    /* Multi-token-prediction layers: listed, not counted. */
    double mtp = 0;
    int r = cfg_int(c,
                    (const char *const[]){"num_nextn_predict_layers",
                                          "mtp_num_hidden_layers", 0},
                    OPTIONAL, NONNEG, &mtp, from, sizeof(from));
    if (r < 0) return -1;
    if (r == 1 && mtp > 0) {
      add_row(
          m, "mtp_layers", mtp, from,
          "multi-token-prediction layers: not counted, as in published totals");
    }
  }
  add_param_rows(c, &s);
  return 0;
}

int gpuadv_config_read(const char *z, int n, gpuadv_config_model *out,
                       char *err, int n_err) {
  config_ctx c;
  int rc;
  assert(z && out && err && n_err > 0);
  memset(out, 0, sizeof(*out));
  err[0] = 0;
  if (n > GPUADV_CONFIG_MAX_BYTES) {
    snprintf(err, (size_t)n_err,
             "config: %d bytes, more than the %d a config may have", n,
             GPUADV_CONFIG_MAX_BYTES);
    return -1;
  }
  memset(&c, 0, sizeof(c));
  c.out = out;
  c.err = err;
  c.n_err = n_err;
  rc = json_parse(&c.doc, z, n, err, n_err);
  if (rc == 0) rc = interpret(&c);
  free(c.doc.nodes);
  if (rc != 0) memset(&out->def, 0, sizeof(out->def));
  return rc;
}
