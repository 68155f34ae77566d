"""A small YAML reader for the configuration files the integration tests run.

PyYAML is not part of a minimal Debian, and the tests must not depend on it,
so this reads the subset of YAML that pre-commit, GitHub Actions and GitLab CI
files are written in: block mappings and sequences, flow sequences of
scalars, `{}`, plain and quoted scalars, `|` and `|-` block scalars and
comments. Anything else (anchors, tags, multi-line flow collections, several
documents) raises YamlError, so that a snippet written outside the subset
fails its test instead of being read wrongly. yaml-subset.test checks that
it reads every snippet as PyYAML does, where PyYAML is installed.
"""

import re


class YamlError(Exception):
    pass


def _strip_comment(text):
    """Removes a trailing comment: '#' at the start or after a space, outside
    quotes."""
    quote = None
    for i, c in enumerate(text):
        if quote:
            if c == quote:
                quote = None
        elif c in "'\"" and (i == 0 or text[i - 1] in " [,:"):
            quote = c
        elif c == "#" and (i == 0 or text[i - 1] in " \t"):
            return text[:i].rstrip()
    return text.rstrip()


_INT = re.compile(r"^[-+]?[0-9]+$")


def _scalar(text, lineno):
    text = text.strip()
    if not text:
        return None
    if text[0] in "&*!|>%@`":
        raise YamlError("line %d: unsupported YAML: %r" % (lineno, text))
    if text[0] == "'":
        if len(text) < 2 or text[-1] != "'":
            raise YamlError("line %d: unterminated string" % lineno)
        return text[1:-1].replace("''", "'")
    if text[0] == '"':
        if len(text) < 2 or text[-1] != '"':
            raise YamlError("line %d: unterminated string" % lineno)
        body = text[1:-1]
        return (body.replace('\\"', '"').replace("\\n", "\n")
                .replace("\\t", "\t").replace("\\\\", "\\"))
    if text == "{}":
        return {}
    if text == "[]":
        return []
    if text[0] == "[":
        if text[-1] != "]":
            raise YamlError("line %d: multi-line flow sequence" % lineno)
        return [_scalar(part, lineno) for part in text[1:-1].split(",")
                if part.strip()]
    if text[0] == "{":
        raise YamlError("line %d: unsupported flow mapping" % lineno)
    if text in ("true", "True", "TRUE"):
        return True
    if text in ("false", "False", "FALSE"):
        return False
    if text in ("null", "~", "Null", "NULL"):
        return None
    if _INT.match(text):
        return int(text)
    return text


_KEY = re.compile(r"^([^\s'\"#][^:#]*?|'[^']*'|\"[^\"]*\"):(?:\s+(.*))?$")


class _Parser:
    def __init__(self, text):
        # (indent, content, line number) of the meaningful lines; raw lines
        # are kept for block scalars.
        self.raw = text.split("\n")
        self.lines = []
        ended = False
        for n, line in enumerate(self.raw, 1):
            if "\t" in line[:len(line) - len(line.lstrip())]:
                raise YamlError("line %d: tab in indentation" % n)
            content = _strip_comment(line)
            if not content.strip():
                continue
            if ended or (content.strip() == "---" and self.lines):
                raise YamlError("line %d: several documents" % n)
            if content.strip() == "---":
                continue
            if content.strip() == "...":
                ended = True
                continue
            indent = len(content) - len(content.lstrip(" "))
            self.lines.append((indent, content.strip(), n))
        self.pos = 0

    def parse(self):
        if not self.lines:
            return None
        value = self.block(self.lines[0][0])
        if self.pos != len(self.lines):
            raise YamlError("line %d: unexpected indentation"
                            % self.lines[self.pos][2])
        return value

    def block(self, indent):
        if self.lines[self.pos][1].startswith("- ") or \
                self.lines[self.pos][1] == "-":
            return self.sequence(indent)
        return self.mapping(indent)

    def sequence(self, indent):
        items = []
        while self.pos < len(self.lines):
            ind, content, n = self.lines[self.pos]
            if ind < indent:
                break
            if ind > indent or not (content.startswith("- ") or
                                    content == "-"):
                raise YamlError("line %d: bad sequence item" % n)
            rest = content[1:].strip()
            if not rest:
                self.pos += 1
                items.append(self.nested(indent, n))
                continue
            # "- key: value" starts a mapping whose keys sit at the column of
            # "key"; rewrite the line as that mapping's first line.
            inner = ind + (len(content) - len(rest))
            if _KEY.match(rest) or rest.startswith("- "):
                self.lines[self.pos] = (inner, rest, n)
                items.append(self.block(inner))
            else:
                self.pos += 1
                items.append(self.value(rest, ind, n))
        return items

    def mapping(self, indent):
        result = {}
        while self.pos < len(self.lines):
            ind, content, n = self.lines[self.pos]
            if ind < indent:
                break
            if ind > indent:
                raise YamlError("line %d: unexpected indentation" % n)
            m = _KEY.match(content)
            if not m:
                raise YamlError("line %d: expected 'key: value': %r"
                                % (n, content))
            key = _scalar(m.group(1), n)
            if key in result:
                raise YamlError("line %d: duplicate key %r" % (n, key))
            self.pos += 1
            rest = m.group(2)
            if rest is None or not rest.strip():
                result[key] = self.nested(indent, n, allow_same=True)
            else:
                result[key] = self.value(rest, indent, n)
        return result

    def nested(self, indent, n, allow_same=False):
        """The block under a key or a '-' with nothing after it."""
        if self.pos >= len(self.lines):
            return None
        ind, content, _ = self.lines[self.pos]
        # A sequence may sit at the same indentation as its key.
        if ind > indent or (allow_same and ind == indent and
                            (content.startswith("- ") or content == "-")):
            return self.block(ind)
        return None

    def value(self, text, indent, n):
        if text in ("|", "|-", ">", ">-"):
            return self.block_scalar(text, indent, n)
        return _scalar(text, n)

    def block_scalar(self, style, indent, n):
        """Lines more indented than the key, from the raw text (comments
        and blank lines are content here)."""
        raw_lines = []
        i = n  # raw index of the line after the key
        block_indent = None
        while i < len(self.raw):
            line = self.raw[i]
            if line.strip():
                ind = len(line) - len(line.lstrip(" "))
                if ind <= indent:
                    break
                if block_indent is None:
                    block_indent = ind
                if ind < block_indent:
                    raise YamlError("line %d: bad block scalar indentation"
                                    % (i + 1))
                raw_lines.append(line[block_indent:])
            else:
                raw_lines.append("")
            i += 1
        while raw_lines and not raw_lines[-1]:
            raw_lines.pop()
        # Skip the parsed lines that belong to the block scalar.
        while self.pos < len(self.lines) and self.lines[self.pos][2] <= i:
            self.pos += 1
        if style.startswith(">"):
            raise YamlError("line %d: folded block scalars are not supported"
                            % n)
        text = "\n".join(raw_lines)
        return text if style.endswith("-") else text + "\n"


def load(text):
    return _Parser(text).parse()


def load_file(path):
    with open(path, encoding="utf-8") as f:
        return load(f.read())
