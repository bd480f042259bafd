#ifndef APPSUITE_CCURL_SHIM_H
#define APPSUITE_CCURL_SHIM_H
#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed wrapper per
// argument type libcurl documents for the option (CURLOPTTYPE_LONG, _OFF_T, _STRINGPOINT, _OBJECTPOINT,
// _SLISTPOINT, _FUNCTIONPOINT, _CBPOINT).

static inline CURLcode CCurl_setLong(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode CCurl_setOffset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
/// Strings are copied by libcurl (except CURLOPT_POSTFIELDS; use CURLOPT_COPYPOSTFIELDS).
static inline CURLcode CCurl_setString(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
/// Data pointers (CURLOPT_*DATA, CURLOPT_ERRORBUFFER, CURLOPT_CURLU).
static inline CURLcode CCurl_setPointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode CCurl_setList(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}
/// CURLOPT_WRITEFUNCTION, CURLOPT_HEADERFUNCTION (and CURLOPT_READFUNCTION, which has the same shape).
static inline CURLcode CCurl_setDataCallback(CURL *handle, CURLoption option, curl_write_callback value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode CCurl_setOpenSocketCallback(CURL *handle, curl_opensocket_callback value) {
    return curl_easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, value);
}

static inline CURLcode CCurl_getLong(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode CCurl_getString(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}
#endif
