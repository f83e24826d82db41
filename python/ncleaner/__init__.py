"""ncleaner: remove boilerplate (menus, cookie banners, footers) from Web pages.

A binding to libncleaner, the library of ncleaner(1). One call, as with
trafilatura's extract():

    import ncleaner
    html = open("page.html", "rb").read()
    text = ncleaner.extract(html, url="http://example.org/")
    page = ncleaner.extract(html, output_format="dict")   # page["title"], ["segments"]

extract(page, url=None, output_format="text", article=False, language=None,
precision=False, recall=False, renderer=None, **options) cleans one page:

  page           bytes of HTML in any charset (anything with the buffer
                 protocol), or str (taken as UTF-8)
  url            the page's address, for the outputs that name it
  output_format  "text" (the kept paragraphs, a blank line between them,
                 no newline at the end),
                 "json" (one JSON object, as a line of ncleaner -f jsonl:
                 url, title, charset, language, segments, text, counts...),
                 "dict" (that object as a dict), or what ncleaner -f writes:
                 "jsonl", "cleaneval", "wet"
  article        keep only the page's main article (--article)
  language       keep only pages in these languages ("en", "de,fr",
                 ["en", "de"]; CLD2's codes or ISO 639-3): None for others
  precision      keep less, more surely clean (--precision)
  recall         keep more, some boilerplate with it (--recall)
  renderer       "lynx" (the default) or "builtin" (in-process, faster)
  **options      any other option of ncleaner(1) that says how a page is
                 cleaned, by its long name: method="perplexity",
                 model="english", bias=0.5, data_dir="...", encoding="...";
                 True for a flag (no_lm=True)

It returns the text (a dict for "dict"), or None when the page keeps no
text (an empty page, a page of menus, a page in another language), as
trafilatura does. favor_precision, favor_recall and target_language,
trafilatura's names, are taken for precision, recall and language.
extract() keeps the cleaner it opens (rules and models loaded) for the
next call with the same options, one set per thread.

A Cleaner is the same, kept by the caller: built from the same keywords,
or from ncleaner(1)'s options as strings (the older form), or both:

    with ncleaner.Cleaner(article=True, output_format="dict") as cleaner:
        for html in pages:
            page = cleaner.extract(html)
    with ncleaner.Cleaner("--method", "perplexity", "-f", "jsonl") as cleaner:
        ...

Its extract() returns what the function does (None for no text); format()
what ncleaner(1) writes for the page ("" for no text; CLEANEVAL unless an
output format is given); clean() every segment of the page, kept or not,
with the method's scores (Segment); clean_batch() a list of pages as
ncleaner(1) cleans a directory of them, with site repetition (what recurs
on the pages of a site dropped as furniture), each page's segments,
output, facts and metadata, or its error, in a Page. A Cleaner cleans one
page (or batch) at a time: give each thread (or process) its own.

Errors. A bad option, a missing model or a page that fails raises
ncleaner.Error, whose `code` is one of the ERR_* below (ncleaner.h's
NCLEANER_ERR_*); so does an argument the library cannot take (code
ERR_USAGE): an option or URL that is neither str nor bytes, that holds a
NUL character (C would cut the string there), a str that is no valid
Unicode (a lone surrogate), a page that is neither bytes nor str.

The library. libncleaner.so.N (N: API_VERSION, the soname's number) is
found as $NCLEANER_LIBRARY, else where this copy was installed with it (make
install, or pip install, which finds an installed one or builds its own),
else by its soname through the dynamic loader (LD_LIBRARY_PATH). The rules
and models are the library's (or those pip installed beside it), else
$NCLEANER_DATA_DIR, else data_dir=.
"""
import ctypes
import json
import os
import threading
from typing import Any, Dict, Iterable, List, NamedTuple, Optional, Tuple, Union

from . import _paths

__all__ = ["extract", "Cleaner", "Share", "Error", "Segment", "Page", "version", "API_VERSION",
           "OUTPUT_FORMATS", "ERR_IO", "ERR_FORMAT", "ERR_RENDER", "ERR_TIMEOUT",
           "ERR_LIMIT", "ERR_REGEX", "ERR_USAGE", "ERR_METHOD", "ERR_MEMORY"]

# The interface this binding speaks: ncleaner.h's NCLEANER_API_VERSION,
# also the number of the library's soname.
API_VERSION = 2
SONAME = "libncleaner.so.%d" % API_VERSION
# ncleaner.h's enum ncleaner_code.
(ERR_IO, ERR_FORMAT, ERR_RENDER, ERR_TIMEOUT, ERR_LIMIT, ERR_REGEX, ERR_USAGE, ERR_METHOD,
 ERR_MEMORY) = range(1, 10)
# output_format: the library's formats (its table, sink/formats.c: t0220
# checks this list against it), and two made from its JSON lines.
OUTPUT_FORMATS = ("text", "json", "dict", "jsonl", "cleaneval", "wet")


class Error(Exception):
    """A failure of libncleaner: `code` (one of the ERR_*) and the message."""

    def __init__(self, code: int, message: str):
        super().__init__(message)
        self.code = code


class Segment(NamedTuple):
    """A paragraph ('p'), heading ('h') or list item ('l') of a page."""
    text: str
    type: str
    kept: bool
    continues: bool      # a later piece (sentence) of the segment before
    cost_clean: float    # bits per unit if running text (0 with --no-lm)
    cost_dirty: float    # bits per unit if boilerplate


# A page's facts (ncleaner_page_string(), ncleaner_page_number()) and
# metadata (ncleaner_metadata()), by the names ncleaner.h gives them, which
# are JSONL's: the facts its top-level fields, the metadata its "metadata".
_PAGE_STRINGS = ("title", "charset", "declared_charset", "language")
_PAGE_COUNTS = ("segments", "kept", "words", "kept_words", "bytes")
_METADATA = ("title", "author", "date", "site_name", "description", "canonical_url",
             "language")


class Page(NamedTuple):
    """A page of Cleaner.clean_batch(): what clean() and format() give for
    it, read from the library while the batch reports it, or the error
    that stopped it (then segments is [] and output, facts and metadata
    are None).

    facts: title, charset, declared_charset, language (of its kept text,
    CLD2's code), str or None; segments, kept, words, kept_words, bytes
    (int) and quality (float, or None without the logistic method or a
    kept word), as JSONL names them. metadata: what the page says of
    itself, JSONL's "metadata" (title, author, date, site_name,
    description, canonical_url, language), str or None."""
    index: int                      # its place in the batch, from 0
    url: Optional[str]              # as given, as str (None: none, or "", given)
    segments: List[Segment]
    output: Optional[str]           # as format() gives it ("" for no text)
    facts: Optional[Dict[str, Any]]
    metadata: Optional[Dict[str, Optional[str]]]
    error: Optional["Error"]


# --- the library --------------------------------------------------------------------

def _here(path: str) -> str:
    """`path` as _paths gives it: a relative one is beside this file."""
    return path if os.path.isabs(path) else os.path.join(os.path.dirname(__file__), path)


# Each function of ncleaner.h this binding calls: result, then arguments.
# The structs are read through accessors (ncleaner_error_*, ncleaner_segment_*),
# never through a copy of their layout.
_P = ctypes.c_void_p
_SIGNATURES = {
    "ncleaner_api_version": (ctypes.c_int, []),
    "ncleaner_version": (ctypes.c_char_p, []),
    "ncleaner_error_size": (ctypes.c_size_t, []),
    "ncleaner_error_code": (ctypes.c_int, [_P]),
    "ncleaner_error_message": (ctypes.c_char_p, [_P]),
    "ncleaner_open": (_P, [ctypes.c_int, ctypes.POINTER(ctypes.c_char_p), _P]),
    "ncleaner_share_open": (_P, [ctypes.c_int, ctypes.POINTER(ctypes.c_char_p), _P]),
    "ncleaner_open_shared": (_P, [_P, ctypes.c_int, ctypes.POINTER(ctypes.c_char_p), _P]),
    "ncleaner_share_close": (None, [_P]),
    "ncleaner_warnings": (ctypes.c_char_p, [_P]),
    "ncleaner_clean": (ctypes.c_int, [_P, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p,
                                      ctypes.POINTER(_P), ctypes.POINTER(ctypes.c_size_t), _P]),
    "ncleaner_format": (ctypes.c_int, [_P, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p,
                                       ctypes.POINTER(_P), ctypes.POINTER(ctypes.c_size_t), _P]),
    "ncleaner_segment_at": (_P, [_P, ctypes.c_size_t]),
    "ncleaner_segment_text": (_P, [_P, ctypes.POINTER(ctypes.c_size_t)]),
    "ncleaner_segment_type": (ctypes.c_int, [_P]),
    "ncleaner_segment_kept": (ctypes.c_int, [_P]),
    "ncleaner_segment_continues": (ctypes.c_int, [_P]),
    "ncleaner_segment_cost_clean": (ctypes.c_double, [_P]),
    "ncleaner_segment_cost_dirty": (ctypes.c_double, [_P]),
    "ncleaner_page_segments": (_P, [_P, ctypes.POINTER(ctypes.c_size_t)]),
    "ncleaner_page_output": (_P, [_P, ctypes.POINTER(ctypes.c_size_t)]),
    "ncleaner_page_string": (ctypes.c_char_p, [_P, ctypes.c_char_p]),
    "ncleaner_page_number": (ctypes.c_int, [_P, ctypes.c_char_p,
                                            ctypes.POINTER(ctypes.c_double)]),
    "ncleaner_metadata": (ctypes.c_char_p, [_P, ctypes.c_char_p]),
    "ncleaner_clean_batch": (ctypes.c_int, [_P, ctypes.c_size_t, ctypes.POINTER(ctypes.c_char_p),
                                            ctypes.POINTER(ctypes.c_size_t),
                                            ctypes.POINTER(ctypes.c_char_p), _P, _P, _P]),
    "ncleaner_free": (None, [_P]),
    "ncleaner_close": (None, [_P]),
}


def _load() -> ctypes.CDLL:
    names = [os.environ.get("NCLEANER_LIBRARY"),
             os.path.normpath(os.path.join(_here(_paths.LIBDIR), SONAME)) if _paths.LIBDIR
             else None, SONAME]
    errors = []
    for name in names:
        if not name or (os.path.isabs(name) and not os.path.exists(name)):
            continue
        try:
            lib = ctypes.CDLL(name)
            break
        except OSError as e:
            errors.append(str(e))
    else:
        raise ImportError("%s not found (set NCLEANER_LIBRARY or LD_LIBRARY_PATH)%s"
                          % (SONAME, ": " + "; ".join(errors) if errors else ""))
    missing = [f for f in _SIGNATURES if not hasattr(lib, f)]
    if missing:
        raise ImportError("%s is older than this binding: it lacks %s (install the "
                          "libncleaner of this binding's source)" % (lib._name, ", ".join(missing)))
    for function, (result, arguments) in _SIGNATURES.items():
        getattr(lib, function).restype = result
        getattr(lib, function).argtypes = arguments
    if lib.ncleaner_api_version() != API_VERSION:
        raise ImportError("%s speaks interface version %d, this binding %d"
                          % (lib._name, lib.ncleaner_api_version(), API_VERSION))
    return lib


_lib = _load()
_ERROR_SIZE = _lib.ncleaner_error_size()
# ncleaner_page_fn: (data, cleaner, index, error) -> 0 to go on.
_PAGE_FN = ctypes.CFUNCTYPE(ctypes.c_int, _P, _P, ctypes.c_size_t, _P)


def version() -> str:
    """The version of the libncleaner loaded ("0.1.0")."""
    return _lib.ncleaner_version().decode()


def _new_error():
    """Room for one ncleaner_error, sized by the library."""
    return ctypes.create_string_buffer(_ERROR_SIZE)


def _error(error) -> "Error":
    return Error(_lib.ncleaner_error_code(error),
                 _lib.ncleaner_error_message(error).decode("utf-8", "replace"))


def _raise(error):
    raise _error(error)


def _text(pointer, length: int) -> str:
    return ctypes.string_at(pointer, length).decode("utf-8") if pointer else ""


def _segments(segments, count: int) -> List[Segment]:
    """`count` segments from `segments`, through ncleaner_segment_at() and
    the getters (the struct's layout is the library's)."""
    result = []
    length = ctypes.c_size_t()
    for i in range(count):
        s = _lib.ncleaner_segment_at(segments, i)
        text = _text(_lib.ncleaner_segment_text(s, ctypes.byref(length)), length.value)
        result.append(Segment(text, chr(_lib.ncleaner_segment_type(s)),
                              bool(_lib.ncleaner_segment_kept(s)),
                              bool(_lib.ncleaner_segment_continues(s)),
                              _lib.ncleaner_segment_cost_clean(s),
                              _lib.ncleaner_segment_cost_dirty(s)))
    return result


def _optional(value: Optional[bytes]) -> Optional[str]:
    return None if value is None else value.decode("utf-8")


def _page_read(handle, index: int, url: Optional[str]) -> Page:
    """The page the cleaner last cleaned, read through the page accessors."""
    count, length = ctypes.c_size_t(), ctypes.c_size_t()
    segments = _segments(_lib.ncleaner_page_segments(handle, ctypes.byref(count)), count.value)
    output = _text(_lib.ncleaner_page_output(handle, ctypes.byref(length)), length.value)
    facts: Dict[str, Any] = {name: _optional(_lib.ncleaner_page_string(handle, name.encode()))
                             for name in _PAGE_STRINGS}
    value = ctypes.c_double()
    for name in _PAGE_COUNTS + ("quality",):
        known = _lib.ncleaner_page_number(handle, name.encode(), ctypes.byref(value)) == 0
        facts[name] = None if not known else value.value if name == "quality" else int(value.value)
    metadata = {name: _optional(_lib.ncleaner_metadata(handle, name.encode())) for name in _METADATA}
    return Page(index, url, segments, output, facts, metadata, None)


# --- arguments: what C can take ----------------------------------------------------

def _utf8(text: str, what: str) -> bytes:
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as e:
        raise Error(ERR_USAGE, "%s is not valid Unicode (%s at %d)"
                    % (what, e.reason, e.start)) from None


def _c_string(value, what: str) -> bytes:
    """`value` (str or bytes) as the NUL-terminated string C takes, whole."""
    if isinstance(value, str):
        data = _utf8(value, what)
    elif isinstance(value, (bytes, bytearray)):
        data = bytes(value)
    else:
        raise Error(ERR_USAGE, "%s must be str or bytes, not %s" % (what, type(value).__name__))
    if b"\0" in data:
        raise Error(ERR_USAGE, "%s holds a NUL character, where the library would cut it: %r"
                    % (what, value))
    return data


def _page(page) -> bytes:
    """A page's bytes: str as UTF-8, else anything with the buffer protocol."""
    if isinstance(page, str):
        return _utf8(page, "the page")
    try:
        return memoryview(page).tobytes()
    except TypeError:
        raise Error(ERR_USAGE, "the page must be bytes or str, not %s"
                    % type(page).__name__) from None


def _url(url) -> Optional[bytes]:
    return None if url is None else _c_string(url, "the URL") or None   # "": none


# Keywords that are not the option's long name: trafilatura's names.
_ALIASES = {"favor_precision": "precision", "favor_recall": "recall",
            "target_language": "language"}


def _keyword_options(keywords: Dict[str, Any]) -> Tuple[List[str], Optional[str]]:
    """Keywords as ncleaner(1)'s options, and the output_format asked for.

    name=value is --name value (underscores as dashes), name=True is the
    flag --name, False and None leave the option out; a list or tuple is
    joined with commas (language=["en", "de"])."""
    options, output_format = [], None
    for name, value in keywords.items():
        name = _ALIASES.get(name, name)
        if value is None or value is False:
            continue
        if name == "output_format":
            if value not in OUTPUT_FORMATS:
                raise Error(ERR_USAGE, "output_format must be one of %s, not %r"
                            % (", ".join(OUTPUT_FORMATS), value))
            output_format = value
            options += ["--format", "jsonl" if value in ("json", "dict") else value]
            continue
        option = "--" + name.replace("_", "-")
        if value is True:
            options.append(option)
        elif isinstance(value, (list, tuple)):
            options += [option, ",".join(str(v) for v in value)]
        elif isinstance(value, (int, float)):
            options += [option, repr(value)]
        else:
            options += [option, value]
    return options, output_format


def _with_data_dir(options: List) -> List:
    """The rules and models pip installed beside the library, unless the
    caller names some (--data-dir, $NCLEANER_DATA_DIR)."""
    if _paths.DATA_DIR is None or os.environ.get("NCLEANER_DATA_DIR"):
        return options
    named = [o.decode("utf-8", "replace") if isinstance(o, (bytes, bytearray)) else o
             for o in options]
    if any(isinstance(o, str) and o.split("=")[0] == "--data-dir" for o in named):
        return options
    return ["--data-dir", _here(_paths.DATA_DIR)] + options


def _arguments(options: Tuple, keywords: Dict[str, Any]):
    """The C argument vector of `options` and `keywords`: its length, the
    array, and the output_format asked for."""
    more, output_format = _keyword_options(keywords)
    options = _with_data_dir(list(options) + more)
    encoded = [_c_string(o, "option %d" % (i + 1)) for i, o in enumerate(options)]
    return len(options), (ctypes.c_char_p * max(len(options), 1))(*encoded), output_format


# --- handles ----------------------------------------------------------------------------

class _Handle:
    """What Share and Cleaner share: a library handle freed by close() (or
    `with`, or the garbage collector), once; _live() refuses a closed one."""

    _kind = "handle"
    _handle = None   # first: __del__ runs when opening fails

    def _free(self, handle):
        raise NotImplementedError

    def _live(self):
        if not self._handle:
            raise ValueError("the %s is closed" % self._kind)
        return self._handle

    def close(self):
        """Free it (a second close does nothing)."""
        if self._handle:
            self._free(self._handle)
            self._handle = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        self.close()


# --- the share --------------------------------------------------------------------------

class Share(_Handle):
    """A model loaded once for several cleaners (ncleaner.h, Shares).

    Share(*options, **keywords) takes what Cleaner takes, and loads the
    method and model they choose; Cleaner(..., share=share) opens a cleaner
    that scores with it instead of loading its own (one per thread, each
    cleaning as a cleaner alone would). A cleaner's options must choose
    what the share loaded: give it the share's, then its own. close() (or
    `with`) drops the share; the library frees it once its cleaners are
    closed too.
    """

    _kind = "Share"

    def __init__(self, *options: Union[str, bytes], **keywords: Any):
        argc, args, _ = _arguments(options, keywords)
        error = _new_error()
        self._handle = _lib.ncleaner_share_open(argc, args, error)
        if not self._handle:
            _raise(error)

    def _free(self, handle):
        _lib.ncleaner_share_close(handle)   # the library frees it with its last cleaner


# --- the cleaner ------------------------------------------------------------------------

class Cleaner(_Handle):
    """A cleaner configured once for many pages; close() (or `with`) frees it.

    Cleaner(*options, **keywords): options of ncleaner(1) as strings
    ("--method", "perplexity", "-f", "jsonl"), keywords as extract() takes
    them (article=True, output_format="dict", renderer="builtin"), or both;
    share=Share(...) borrows the share's model instead of loading one.
    """

    _kind = "Cleaner"

    def __init__(self, *options: Union[str, bytes], share: Optional[Share] = None,
                 **keywords: Any):
        argc, args, self._output_format = _arguments(options, keywords)
        error = _new_error()
        if share is not None:
            self._handle = _lib.ncleaner_open_shared(share._live(), argc, args, error)
        else:
            self._handle = _lib.ncleaner_open(argc, args, error)
        if not self._handle:
            _raise(error)

    @property
    def warnings(self) -> str:
        """Warnings of the configuration, one a line ('' when none)."""
        return _lib.ncleaner_warnings(self._live()).decode()

    def _free(self, handle):
        _lib.ncleaner_close(handle)

    def clean(self, page, url: Union[str, bytes, None] = None) -> List[Segment]:
        """Every segment of `page` (bytes of HTML in any charset, or str)."""
        data = _page(page)
        segments = _P()
        count = ctypes.c_size_t()
        error = _new_error()
        if _lib.ncleaner_clean(self._live(), data, len(data), _url(url), ctypes.byref(segments),
                               ctypes.byref(count), error) < 0:
            _raise(error)
        return _segments(segments, count.value)

    def clean_batch(self, pages: Iterable[Union[str, bytes]],
                    urls: Optional[Iterable[Union[str, bytes, None]]] = None) -> List[Page]:
        """Clean `pages` (each bytes or str, as clean() takes) together, as
        ncleaner(1) cleans a directory of them: with site repetition, on
        by default for two pages or more (ncleaner.h, Batches); urls (None,
        or one per page, each None or the page's address). A list of Page,
        in order; a page that fails has its `error` and the others go on.
        The whole list, not an iterator: the library hands each page to a
        callback while the batch runs, and the pages are in memory anyway.
        An error of the batch itself (the survey's temporary file, say)
        raises ncleaner.Error."""
        handle = self._live()
        data = [_page(page) for page in pages]
        if urls is None:
            given: List[Optional[bytes]] = [None] * len(data)
        elif isinstance(urls, (str, bytes)):   # would be read a character at a time
            raise Error(ERR_USAGE, "clean_batch: urls must be a list of URLs, one a page, "
                        "not one %s" % type(urls).__name__)
        else:
            given = [_url(url) for url in urls]
            if len(given) != len(data):
                raise Error(ERR_USAGE, "clean_batch: %d pages and %d URLs"
                            % (len(data), len(given)))
        names = [None if url is None else url.decode("utf-8", "replace") for url in given]
        results: List[Page] = []
        failure = []   # an exception raised while reading a page: stops the batch

        def report(_data, cleaner, index, error):
            try:
                if error:
                    results.append(Page(index, names[index], [], None, None, None,
                                        _error(error)))
                else:
                    results.append(_page_read(cleaner, index, names[index]))
                return 0
            except BaseException as e:   # ctypes would print it and go on
                failure.append(e)
                return 1

        n = len(data)
        callback = _PAGE_FN(report)
        error = _new_error()
        status = _lib.ncleaner_clean_batch(
            handle, n, (ctypes.c_char_p * max(n, 1))(*data),
            (ctypes.c_size_t * max(n, 1))(*(len(d) for d in data)),
            (ctypes.c_char_p * max(n, 1))(*given), callback, None, error)
        if failure:
            raise failure[0]
        if status < 0:
            _raise(error)
        return results

    def format(self, page, url: Union[str, bytes, None] = None) -> str:
        """The page as ncleaner(1) writes it in the cleaner's --format ('' for no text)."""
        data = _page(page)
        output = _P()
        length = ctypes.c_size_t()
        error = _new_error()
        if _lib.ncleaner_format(self._live(), data, len(data), _url(url), ctypes.byref(output),
                                ctypes.byref(length), error) < 0:
            _raise(error)
        try:
            return ctypes.string_at(output, length.value).decode("utf-8")
        finally:
            _lib.ncleaner_free(output)

    def extract(self, page, url: Union[str, bytes, None] = None) -> Union[str, dict, None]:
        """What extract() returns for `page` with this cleaner's options:
        the text in its output_format, a dict for "dict", None for no text."""
        output = self.format(page, url)
        if not output or output.startswith("URL: ") and output.count("\n") == 1:
            return None   # CLEANEVAL's URL line alone: nothing kept
        if self._output_format in ("text", "json"):
            return output.rstrip("\n")   # as trafilatura's: no newline at the end
        if self._output_format == "dict":
            return json.loads(output)
        return output


# --- extract(): one call, cleaners kept per thread ------------------------------------

# Opening a cleaner loads its rules and models (tens of milliseconds, more
# than a page takes with the builtin renderer), so extract() keeps the last
# few it opened, per thread (a cleaner serves one thread).
_KEPT_CLEANERS = 8
_kept = threading.local()


def _cleaner_for(keywords: Dict[str, Any]) -> Tuple[Cleaner, bool]:
    """A cleaner for `keywords`, and whether the caller must close it
    (keywords that cannot be a key, such as a bytearray, are not kept)."""
    try:
        key = (os.environ.get("NCLEANER_DATA_DIR"),) + tuple(sorted(
            (name, tuple(value) if isinstance(value, list) else value)
            for name, value in keywords.items()))
        hash(key)
    except TypeError:
        return Cleaner(**keywords), True
    cleaners = getattr(_kept, "cleaners", None)
    if cleaners is None:
        cleaners = _kept.cleaners = {}
    if key in cleaners:
        cleaners[key] = cleaners.pop(key)   # the most recent last
        return cleaners[key], False
    cleaner = Cleaner(**keywords)
    if len(cleaners) >= _KEPT_CLEANERS:
        cleaners.pop(next(iter(cleaners))).close()
    cleaners[key] = cleaner
    return cleaner, False


def extract(page, url: Union[str, bytes, None] = None, output_format: str = "text",
            article: bool = False, language: Union[str, List[str], None] = None,
            precision: bool = False, recall: bool = False, renderer: Optional[str] = None,
            **options: Any) -> Union[str, dict, None]:
    """The text of `page` without its boilerplate, or None when it keeps none.

    See the module's documentation (help(ncleaner)) for the arguments."""
    keywords = dict(options, output_format=output_format, article=article, language=language,
                    precision=precision, recall=recall, renderer=renderer)
    cleaner, own = _cleaner_for(keywords)
    try:
        return cleaner.extract(page, url)
    finally:
        if own:
            cleaner.close()
