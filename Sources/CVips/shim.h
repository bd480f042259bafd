#ifndef APPSUITE_CVIPS_SHIM_H
#define APPSUITE_CVIPS_SHIM_H
#include <vips/vips.h>

/*
 * Fixed-argument wrappers around libvips calls that take NULL-terminated
 * variadic option lists. Swift does not import C variadic functions, so each
 * call the Imaging target needs gets one small static inline function here.
 * They add no policy of their own beyond the options named in their comments.
 */

/// Why: `vips_image_new_from_buffer` is variadic. Opens an image from memory for
/// header access only (nothing is decoded until pixels are asked for), with
/// sequential access and the given `fail_on` level. `unlimited` (HEIF/AVIF only:
/// no other loader has the option) lifts libheif's own 16384×16384 header
/// limit, so the caller learns the real size and applies its own pixel limit.
/// The buffer is not copied: it must outlive the returned image.
static inline VipsImage *
appsuite_vips_open_buffer(const void *buf, size_t len, VipsFailOn fail_on, gboolean unlimited)
{
	if (unlimited)
		return vips_image_new_from_buffer(buf, len, "",
			"access", VIPS_ACCESS_SEQUENTIAL,
			"fail_on", fail_on,
			"unlimited", TRUE,
			NULL);
	return vips_image_new_from_buffer(buf, len, "",
		"access", VIPS_ACCESS_SEQUENTIAL,
		"fail_on", fail_on,
		NULL);
}

/// Why: `vips_image_new_from_source` is variadic. Same as
/// `appsuite_vips_open_buffer`, reading from a VipsSource (e.g. a file opened
/// with `vips_source_new_from_file`, which does not parse `[options]` in names).
static inline VipsImage *
appsuite_vips_open_source(VipsSource *source, VipsFailOn fail_on, gboolean unlimited)
{
	if (unlimited)
		return vips_image_new_from_source(source, "",
			"access", VIPS_ACCESS_SEQUENTIAL,
			"fail_on", fail_on,
			"unlimited", TRUE,
			NULL);
	return vips_image_new_from_source(source, "",
		"access", VIPS_ACCESS_SEQUENTIAL,
		"fail_on", fail_on,
		NULL);
}

/// Why: `vips_thumbnail_buffer` is variadic. Shrink-on-load thumbnail that
/// fits (or, with a crop, fills) width × height and autorotates by EXIF.
/// When `export_profile` is not NULL, colour is transformed to it through the
/// embedded profile (or libvips' fallback for the colour space, e.g. its
/// built-in CMYK profile); pass NULL for untagged images, which libvips
/// 8.14.1 would otherwise shift slightly (sRGB red 255,0,0 comes out
/// 248,26,16). `linear` shrinks in linear light after importing through the
/// embedded profile (no JPEG shrink-on-load); 8.14.1 needs it for CMYK images
/// with an embedded profile, which its default path converts with the
/// built-in CMYK profile instead. `loader_options` (e.g. "fail_on=error") go
/// to the loader as its option string: 8.14.1's thumbnail_buffer does not pass
/// its own `fail_on` on, so truncated input would come out half grey. The
/// buffer is not copied: it must outlive the returned (lazy) image.
static inline int
appsuite_vips_thumbnail_buffer(const void *buf, size_t len, VipsImage **out,
	int width, int height, VipsInteresting crop, VipsSize size,
	gboolean linear, const char *export_profile, const char *loader_options)
{
	if (export_profile != NULL)
		return vips_thumbnail_buffer((void *) buf, len, out, width,
			"height", height,
			"crop", crop,
			"size", size,
			"linear", linear,
			"export_profile", export_profile,
			"option_string", loader_options,
			NULL);
	return vips_thumbnail_buffer((void *) buf, len, out, width,
		"height", height,
		"crop", crop,
		"size", size,
		"linear", linear,
		"option_string", loader_options,
		NULL);
}

/// Why: `vips_colourspace` is variadic. Converts to 8-bit sRGB: grey is
/// replicated to three bands, 16-bit samples are scaled down; alpha is kept.
static inline int
appsuite_vips_colourspace_srgb(VipsImage *in, VipsImage **out)
{
	return vips_colourspace(in, out, VIPS_INTERPRETATION_sRGB, NULL);
}

/// Why: `vips_flatten` is variadic and its background is a VipsArrayDouble.
/// Composites the alpha band onto white (255, or 65535 for 16-bit colour
/// spaces), giving an image without alpha.
static inline int
appsuite_vips_flatten_white(VipsImage *in, VipsImage **out)
{
	double white = (in->Type == VIPS_INTERPRETATION_RGB16 ||
		in->Type == VIPS_INTERPRETATION_GREY16) ? 65535.0 : 255.0;
	double ink[4] = { white, white, white, white };
	int colour_bands = in->Bands > 1 ? in->Bands - 1 : 1;
	VipsArrayDouble *background =
		vips_array_double_new(ink, colour_bands > 4 ? 4 : colour_bands);
	int result = vips_flatten(in, out,
		"background", background,
		"max_alpha", white,
		NULL);
	vips_area_unref(VIPS_AREA(background));
	return result;
}

/// Why: `vips_jpegsave_buffer` is variadic. JPEG with quality `q`, Huffman
/// tables optimised when `optimize` is true (libjpeg then holds every DCT
/// coefficient of the picture, about 2 bytes per sample, until the end), and
/// all metadata stripped when `strip` is true.
static inline int
appsuite_vips_jpegsave_buffer(VipsImage *in, void **buf, size_t *len, int q, gboolean optimize, gboolean strip)
{
	return vips_jpegsave_buffer(in, buf, len,
		"Q", q,
		"optimize_coding", optimize,
		"strip", strip,
		NULL);
}

/// Why: `vips_pngsave_buffer` is variadic. PNG (alpha kept), metadata stripped
/// when `strip` is true.
static inline int
appsuite_vips_pngsave_buffer(VipsImage *in, void **buf, size_t *len, gboolean strip)
{
	return vips_pngsave_buffer(in, buf, len,
		"strip", strip,
		NULL);
}

/// Why: `vips_webpsave_buffer` is variadic. Lossy WebP with quality `q` (alpha
/// kept), metadata stripped when `strip` is true.
static inline int
appsuite_vips_webpsave_buffer(VipsImage *in, void **buf, size_t *len, int q, gboolean strip)
{
	return vips_webpsave_buffer(in, buf, len,
		"Q", q,
		"strip", strip,
		NULL);
}

/// Why: `vips_cast` is variadic. Casts to 8-bit unsigned samples (used to read
/// back pixels of any depth as bytes).
static inline int
appsuite_vips_cast_uchar(VipsImage *in, VipsImage **out)
{
	return vips_cast(in, out, VIPS_FORMAT_UCHAR, NULL);
}

/// Why: `vips_rot` is variadic. Rotates by a multiple of 90° clockwise.
static inline int
appsuite_vips_rot(VipsImage *in, VipsImage **out, VipsAngle angle)
{
	return vips_rot(in, out, angle, NULL);
}

/// Why: `vips_flip` is variadic. Mirrors horizontally or vertically.
static inline int
appsuite_vips_flip(VipsImage *in, VipsImage **out, VipsDirection direction)
{
	return vips_flip(in, out, direction, NULL);
}

/// Why: `vips_extract_area` is variadic. Crops a rectangle.
static inline int
appsuite_vips_extract_area(VipsImage *in, VipsImage **out, int left, int top, int width, int height)
{
	return vips_extract_area(in, out, left, top, width, height, NULL);
}

/// Why: `vips_resize` is variadic. Lanczos3 resize with separate horizontal
/// and vertical scale factors.
static inline int
appsuite_vips_resize(VipsImage *in, VipsImage **out, double hscale, double vscale)
{
	return vips_resize(in, out, hscale, "vscale", vscale, NULL);
}

/// Why: `vips_icc_transform` is variadic. Transforms through the embedded
/// profile to sRGB, 8 bits per sample (alpha is carried along).
static inline int
appsuite_vips_icc_to_srgb(VipsImage *in, VipsImage **out)
{
	return vips_icc_transform(in, out, "srgb",
		"embedded", TRUE,
		"depth", 8,
		NULL);
}

/// Why: `vips_thumbnail_source` is variadic. `appsuite_vips_thumbnail_buffer`
/// reading from a VipsSource (e.g. a file: the encoded bytes are streamed, not
/// held in memory). Same options and caveats.
static inline int
appsuite_vips_thumbnail_source(VipsSource *source, VipsImage **out,
	int width, int height, VipsInteresting crop, VipsSize size,
	gboolean linear, const char *export_profile, const char *loader_options)
{
	if (export_profile != NULL)
		return vips_thumbnail_source(source, out, width,
			"height", height,
			"crop", crop,
			"size", size,
			"linear", linear,
			"export_profile", export_profile,
			"option_string", loader_options,
			NULL);
	return vips_thumbnail_source(source, out, width,
		"height", height,
		"crop", crop,
		"size", size,
		"linear", linear,
		"option_string", loader_options,
		NULL);
}

/// Why: `vips_copy` is variadic. Wraps 8-bit RGBA samples (straight alpha, row-major) copied from
/// memory as an sRGB image.
static inline int
appsuite_vips_from_rgba(const void *data, size_t len, int width, int height, VipsImage **out)
{
	VipsImage *raw = vips_image_new_from_memory_copy(data, len, width, height, 4, VIPS_FORMAT_UCHAR);
	if (raw == NULL)
		return -1;
	int result = vips_copy(raw, out, "interpretation", VIPS_INTERPRETATION_sRGB, NULL);
	g_object_unref(raw);
	return result;
}

/// Why: `vips_colourspace` is variadic. Converts to any interpretation (scRGB is linear light in
/// float; the alpha band keeps its 0…255 range both ways).
static inline int
appsuite_vips_colourspace(VipsImage *in, VipsImage **out, VipsInterpretation space)
{
	return vips_colourspace(in, out, space, NULL);
}

/// Why: `vips_premultiply` is variadic. Multiplies colour by alpha / 255.
static inline int
appsuite_vips_premultiply(VipsImage *in, VipsImage **out)
{
	return vips_premultiply(in, out, "max_alpha", 255.0, NULL);
}

/// Why: `vips_unpremultiply` is variadic. Divides colour by alpha / 255 (0 where alpha is 0).
static inline int
appsuite_vips_unpremultiply(VipsImage *in, VipsImage **out)
{
	return vips_unpremultiply(in, out, "max_alpha", 255.0, NULL);
}

/// Why: `vips_addalpha` is variadic. Appends an opaque alpha band.
static inline int
appsuite_vips_addalpha(VipsImage *in, VipsImage **out)
{
	return vips_addalpha(in, out, NULL);
}

/// Why: `vips_pngsave_buffer` is variadic. An 8-bit palette PNG (libimagequant) at quality 100
/// without dithering, metadata stripped; the caller checks that it decodes to the same pixels.
static inline int
appsuite_vips_pngsave_palette_buffer(VipsImage *in, void **buf, size_t *len)
{
	return vips_pngsave_buffer(in, buf, len,
		"palette", TRUE,
		"Q", 100,
		"dither", 0.0,
		"strip", TRUE,
		NULL);
}

/// Why: `vips_extract_band` is variadic. Keeps `n` bands starting at `band`.
static inline int
appsuite_vips_extract_band(VipsImage *in, VipsImage **out, int band, int n)
{
	return vips_extract_band(in, out, band, "n", n, NULL);
}

/// Why: `vips_text` is variadic. Renders Pango markup as 8-bit sRGB + alpha (`rgba`: the colours of the
/// markup and of colour fonts such as Noto Color Emoji), with the Pango font description `font`, lines
/// wrapped at `width` pixels and aligned by `align`, at `dpi` (72: one point is one pixel). The image
/// bounds the ink of the text.
static inline int
appsuite_vips_text_rgba(VipsImage **out, const char *markup, const char *font, int width, VipsAlign align, int dpi)
{
	return vips_text(out, markup,
		"font", font,
		"width", width,
		"align", align,
		"dpi", dpi,
		"rgba", TRUE,
		NULL);
}

/// Why: `vips_composite2` is variadic. Puts `overlay` (with alpha) over `base` with its top-left corner
/// at (`x`, `y`) of `base`, blend mode "over"; the result has `base`'s size and an alpha band.
static inline int
appsuite_vips_composite2_at(VipsImage *base, VipsImage *overlay, VipsImage **out, int x, int y)
{
	return vips_composite2(base, overlay, out, VIPS_BLEND_MODE_OVER,
		"x", x,
		"y", y,
		NULL);
}

#endif
