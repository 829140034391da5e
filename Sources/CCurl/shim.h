#include <curl/curl.h>

// Variadic libcurl calls are not importable into Swift; these typed wrappers are.
static inline CURLcode ccurl_easy_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ccurl_easy_setopt_ptr(CURL *h, CURLoption o, const void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ccurl_easy_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ccurl_easy_setopt_write(CURL *h, CURLoption o, size_t (*v)(char *, size_t, size_t, void *)) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ccurl_easy_setopt_xferinfo(CURL *h, CURLoption o, int (*v)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t)) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ccurl_easy_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode ccurl_easy_getinfo_ptr(CURL *h, CURLINFO i, char **v) { return curl_easy_getinfo(h, i, v); }
static inline CURLMcode ccurl_multi_setopt_long(CURLM *m, CURLMoption o, long v) { return curl_multi_setopt(m, o, v); }
static inline CURLcode ccurl_easy_setopt_seek(CURL *h, CURLoption o, int (*v)(void *, curl_off_t, int)) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ccurl_easy_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v) { return curl_easy_getinfo(h, i, v); }

// Macro values that are not plain literals, as typed constants.
static const size_t CCURL_WRITEFUNC_PAUSE = CURL_WRITEFUNC_PAUSE;
static const size_t CCURL_READFUNC_PAUSE = CURL_READFUNC_PAUSE;
static const size_t CCURL_READFUNC_ABORT = CURL_READFUNC_ABORT;
static const int CCURL_SEEKFUNC_OK = CURL_SEEKFUNC_OK;
static const int CCURL_SEEKFUNC_CANTSEEK = CURL_SEEKFUNC_CANTSEEK;
static const int CCURL_PAUSE_RECV = CURLPAUSE_RECV;
static const int CCURL_PAUSE_SEND = CURLPAUSE_SEND;
static const int CCURL_PAUSE_CONT = CURLPAUSE_CONT;
static const long CCURL_HTTP_VERSION_2TLS = CURL_HTTP_VERSION_2TLS;
static const long CCURL_GLOBAL_DEFAULT = CURL_GLOBAL_DEFAULT;
