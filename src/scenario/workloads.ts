// Pages: object sizes and where the HTML references them. Pure data, deterministic.
//
// Every page names the paper section or table its numbers come from. Where a paper gives only
// totals or constraints, the per-object list below is *derived*: chosen so that every stated
// constraint holds exactly, with the derivation written next to it. Where a paper says nothing
// about where in the HTML an object is referenced, references are spread evenly (see `spread`).
//
// Units: the papers write "KB"/"Kbytes" for 1024 bytes (Kruse footnote 2 says so; Nielsen's
// "125KB" of images is 128,287 B = 125.3 x 1024, so Nielsen uses 1024 too).

export interface PageObject {
  url: string;
  bytes: number;
  /** byte offset in the (uncompressed) HTML where the reference to this object ends, so a client
   * can request it once that much HTML has arrived and been parsed; 0 for the HTML itself */
  refOffset: number;
  kind: 'html' | 'image' | 'other';
}

export interface Page {
  key: string;
  title: string;
  source: string;
  html: PageObject;
  /** embedded, in document order */
  objects: PageObject[];
}

export interface PageOptions {
  /** pm-images: number of inlined images (default 10) */
  images?: number;
  /** pm-images: bytes per image (default 2544) */
  imageBytes?: number;
  /** custom: body sizes, HTML first (default the Yahoo page: 6651,3883,1866) */
  objects?: number[];
}

export const PAGE_KEYS: readonly string[] = [
  'yahoo96',
  'microscape',
  'pm-images',
  'kruse-lerc',
  'kruse-acts',
  'kruse-oufr',
  'kruse-test',
  'almanac24',
  'custom',
];

const KB = 1024;

/**
 * Evenly spread reference offsets: the i-th of n references (0-based) ends at
 * floor(H * (i + 1) / (n + 1)), so the references divide the HTML into n + 1 equal parts and the
 * last one is well before the end of the HTML. Used wherever the source paper does not say
 * where objects are referenced.
 */
function spread(htmlBytes: number, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    out.push(Math.min(htmlBytes, Math.max(1, Math.floor((htmlBytes * (i + 1)) / (n + 1)))));
  }
  return out;
}

function build(
  key: string,
  title: string,
  source: string,
  htmlUrl: string,
  htmlBytes: number,
  sizes: readonly number[],
  urlOf: (i: number) => string,
  kind: PageObject['kind'] = 'image',
  offsets: readonly number[] = spread(htmlBytes, sizes.length),
): Page {
  return {
    key,
    title,
    source,
    html: { url: htmlUrl, bytes: htmlBytes, refOffset: 0, kind: 'html' },
    objects: sizes.map((bytes, i) => ({ url: urlOf(i), bytes, refOffset: offsets[i], kind })),
  };
}

const two = (i: number): string => String(i + 1).padStart(2, '0');

// --- yahoo96 ---------------------------------------------------------------------------------
// Heidemann 1997, section 2.1: "three documents of 6,651, 3,883, and 1,866 bytes ... the same size
// as the front page of Yahoo on May 1, 1996, and represent a hypertext document with two embedded
// images". Heidemann's Perl client fetched the three in turn and did not parse the HTML, so the
// paper gives no reference positions: they are spread evenly (2217 and 4434).
const YAHOO_HTML = 6651;
const YAHOO_IMAGES = [3883, 1866] as const;

// --- microscape ------------------------------------------------------------------------------
// Nielsen et al. 1997, section 3.1 (repeated in the W3C Nagle note): one HTML page of 42 KB and
// 42 inlined GIFs totalling 125 KB, from 70 B to 40 KB; 19 images < 1 KB, 7 of 1-2 KB, 6 of 2-3 KB.
// Section 9.2: the 40 static GIFs total 103,299 B and the 2 animations 24,988 B (so the images
// total 128,287 B = 125.3 KB); "over half of the data was contained in a single image and two
// animations". Section 9.1 splits the 40 static GIFs into 22 replaceable by HTML+CSS (14,791 B;
// the "solutions" GIF of Figure 1 is one of them, 682 B), 3 partly replaceable (7,541 B) and 14
// not replaceable (80,601 B): 22 + 3 + 14 = 39, and 103,299 - 14,791 - 7,541 - 80,601 = 366, so
// the 40th static image is 366 B. Section 9.2 mentions a "sub-200 byte category".
//
// Derivation of the list (only the constraints above are from the paper; the individual sizes
// inside each group are ours):
//   group A, 22 CSS-replaceable, sum 14,791: 17 under 1 KB (70 smallest, 6 under 200 B, 682)
//            + 5 of 1-2 KB
//   group B, 3 partly replaceable, sum 7,541: 3 of 2-3 KB (2180 + 2516 + 2845)
//   group C, 14 not replaceable, sum 80,601: 1 under 1 KB, 2 of 1-2 KB, 3 of 2-3 KB, and 8 of
//            3 KB or more, the largest 40 KB = 40,960 B
//   group D, the unaccounted static image: 366 B
//   animations, sum 24,988: 14,723 + 10,265
// Bands: < 1 KB: 17 (A) + 1 (C) + 1 (D) = 19; 1-2 KB: 5 (A) + 2 (C) = 7; 2-3 KB: 3 (B) + 3 (C) = 6;
// >= 3 KB: 8 (C) + 2 animations = 10; 19 + 7 + 6 + 10 = 42. No size lies within 1000-1023,
// 2000-2047 or 3000-3071, so the bands hold whether "KB" means 1000 or 1024 bytes.
// Largest static image + animations = 40,960 + 24,988 = 65,948 > 128,287 / 2 ("over half").
//
// HTML: "42KB" = 43,008 B. This is consistent with Nielsen Tables 4-9: the Bytes column is TCP
// payload, and e.g. Table 6 (Jigsaw, WAN) revalidation with HTTP/1.0 (one full GET of the HTML plus
// 42 HEADs) carries 62,348 B, i.e. 43,008 B of HTML plus ~450 B per exchange of headers. The
// deflated HTML is "11K" (section 5.1; ratio 0.27 in 8.3).
//
// Document order is ours (mixed sizes, the large photo and an animation near the top, as on the
// 1996 Netscape/Microsoft home pages). Reference offsets: the paper does not say where the 42
// references sit in the HTML, so they are spread evenly (about one every 1000 B). Section 8.1
// only says that the first ~1400 B segment of clear HTML "did not contain enough information to
// force a new batch of requests" (a 1024 B pipeline buffer, i.e. about 6 requests of ~190 B),
// which even spacing satisfies (one reference in the first ~1150 B of HTML); it also says the
// compressed first segment (about 3 times as much HTML) makes an immediate batch "more
// probable", which even spacing does not reproduce (about 4 references in the first ~4.4 KB).
const MICROSCAPE_HTML = 42 * KB;
const MICROSCAPE_IMAGES: readonly { bytes: number; name: string }[] = [
  { bytes: 2180, name: 'img01.gif' }, //  B
  { bytes: 14723, name: 'anim1.gif' }, // animation
  { bytes: 682, name: 'solutions.gif' }, // A, Nielsen Figure 1
  { bytes: 96, name: 'img04.gif' }, // A
  { bytes: 1168, name: 'img05.gif' }, // A
  { bytes: 318, name: 'img06.gif' }, // A
  { bytes: 2236, name: 'img07.gif' }, // C
  { bytes: 70, name: 'img08.gif' }, // A, the smallest
  { bytes: 40960, name: 'img09.gif' }, // C, the largest
  { bytes: 412, name: 'img10.gif' }, // A
  { bytes: 143, name: 'img11.gif' }, // A
  { bytes: 1392, name: 'img12.gif' }, // A
  { bytes: 812, name: 'img13.gif' }, // C
  { bytes: 3184, name: 'img14.gif' }, // C
  { bytes: 598, name: 'img15.gif' }, // A
  { bytes: 189, name: 'img16.gif' }, // A
  { bytes: 2516, name: 'img17.gif' }, // B
  { bytes: 254, name: 'img18.gif' }, // A
  { bytes: 1288, name: 'img19.gif' }, // C
  { bytes: 3651, name: 'img20.gif' }, // C
  { bytes: 861, name: 'img21.gif' }, // A
  { bytes: 366, name: 'img22.gif' }, // D
  { bytes: 10265, name: 'anim2.gif' }, // animation
  { bytes: 118, name: 'img24.gif' }, // A
  { bytes: 1604, name: 'img25.gif' }, // A
  { bytes: 3427, name: 'img26.gif' }, // C
  { bytes: 533, name: 'img27.gif' }, // A
  { bytes: 2610, name: 'img28.gif' }, // C
  { bytes: 166, name: 'img29.gif' }, // A
  { bytes: 947, name: 'img30.gif' }, // A
  { bytes: 4188, name: 'img31.gif' }, // C
  { bytes: 1755, name: 'img32.gif' }, // A
  { bytes: 377, name: 'img33.gif' }, // A
  { bytes: 2845, name: 'img34.gif' }, // B
  { bytes: 1734, name: 'img35.gif' }, // C
  { bytes: 486, name: 'img36.gif' }, // A
  { bytes: 3902, name: 'img37.gif' }, // C
  { bytes: 745, name: 'img38.gif' }, // A
  { bytes: 5224, name: 'img39.gif' }, // C
  { bytes: 2968, name: 'img40.gif' }, // C
  { bytes: 1877, name: 'img41.gif' }, // A
  { bytes: 4417, name: 'img42.gif' }, // C
];

// --- pm-images -------------------------------------------------------------------------------
// Padmanabhan & Mogul 1994, section 6: "We created documents with different numbers of inlined
// images, and with images of various sizes." Figure 6-1 uses 2544-byte images ("about the median
// size observed in our traces"), Figure 6-2 uses 45566-byte images, both against the remote (T1,
// ~70 ms) server; so 2544 and 45566 are IMAGE sizes, not document sizes. The paper never states
// the size of the HTML document nor (in the text) the numbers of images on the x-axis of
// Figs 6-1 to 6-4. We model the synthetic test document as a small HTML file: a 128 B preamble,
// one 40 B <IMG SRC=...> tag per image (each reference ends at the end of its tag), and a 16 B
// trailer, so 10 images give a 544 B page. The default of 10 images is ours.
const PM_PREAMBLE = 128;
const PM_TAG = 40;
const PM_TRAILER = 16;
const PM_DEFAULT_IMAGES = 10;
const PM_DEFAULT_IMAGE_BYTES = 2544;

// --- Kruse et al. 1998, Table 1 --------------------------------------------------------------
// Table 1 gives, per page, the number of elements and the total size in Kbytes (1024 B,
// footnote 2). We count the HTML as one of the elements. The text adds: /acts has "only two
// elements which require significant time to transfer"; /oufr "consists mostly of large graphics
// elements" and "contains a total of 500kBytes" (Table 1 says 491); /Test "contains no elements
// above 3Kbytes"; /LeRC and /Test "contain similar amounts of total data" (48 vs 28 KB). All
// individual sizes below are ours, chosen to meet those totals exactly; references are spread
// evenly (the paper says nothing about them). Netscape 3.01 was the browser.
const KRUSE: Record<string, { title: string; source: string; path: string; html: number; images: number[] }> =
  {
    'kruse-lerc': {
      title: 'Kruse /LeRC: 4 elements, 48 KB',
      source: 'Kruse et al. 1998, Table 1 (/LeRC: 4 elements, 48 Kbytes)',
      path: '/LeRC/',
      // 5120 + 20480 + 14336 + 9216 = 49152 = 48 x 1024
      html: 5 * KB,
      images: [20 * KB, 14 * KB, 9 * KB],
    },
    'kruse-acts': {
      title: 'Kruse /acts: 9 elements, 99 KB, two large',
      source:
        'Kruse et al. 1998, Table 1 (/acts: 9 elements, 99 Kbytes) and the Baseline Comparison section (two elements dominate)',
      path: '/acts/',
      // 4096 + (45056 + 36864) + (1536 + 2048 + 2560 + 3072 + 3072 + 3072) = 101376 = 99 x 1024;
      // the two large elements carry 81,920 B, 81% of the page.
      html: 4 * KB,
      images: [1536, 45056, 2048, 2560, 36864, 3072, 3072, 3072],
    },
    'kruse-oufr': {
      title: 'Kruse /oufr: 10 elements, 491 KB, mostly large graphics',
      source:
        'Kruse et al. 1998, Table 1 (/oufr: 10 elements, 491 Kbytes) and the Baseline Comparison section',
      path: '/oufr/',
      // 3072 + 81920 + 73728 + 65536 + 61440 + 57344 + 53248 + 49152 + 40960 + 16384
      //   = 502784 = 491 x 1024
      html: 3 * KB,
      images: [80 * KB, 72 * KB, 64 * KB, 60 * KB, 56 * KB, 52 * KB, 48 * KB, 40 * KB, 16 * KB],
    },
    'kruse-test': {
      title: 'Kruse /Test: 28 small elements, 28 KB',
      source:
        'Kruse et al. 1998, Table 1 (/Test: 28 elements, 28 Kbytes) and the Larger Windows section (none above 3 Kbytes)',
      path: '/Test/',
      // 2048 + 27 images summing 26,624 = 28,672 = 28 x 1024; every element <= 3072 B.
      // Nine icons (2976 B), nine buttons (8585 B), nine thumbnails (15063 B), interleaved.
      html: 2 * KB,
      images: [
        212, 806, 1498, 248, 843, 1566, 276, 871, 1611, 301, 902, 1689, 333, 934, 1734, 358, 968, 1802, 389,
        1047, 1866, 412, 1093, 1921, 447, 1121, 1376,
      ],
    },
  };

/** Kruse Table 1: the browser's endless loop over the four pages, each loading the next after this delay. */
export const KRUSE_LOOP: ReadonlyArray<{ page: string; nextAfterS: number }> = [
  { page: 'kruse-lerc', nextAfterS: 30 },
  { page: 'kruse-acts', nextAfterS: 30 },
  { page: 'kruse-oufr', nextAfterS: 59 },
  { page: 'kruse-test', nextAfterS: 59 },
];

// --- almanac24: a median page of 2024 ----------------------------------------------------------
// HTTP Archive, Web Almanac 2024, chapter "Page Weight" (October 2024 crawl): the median mobile
// home page weighs 2,311 KB in 66 requests. For the median desktop page the chapter splits the
// bytes by type: HTML 18 KB, CSS 78 KB, fonts 131 KB, JavaScript 613 KB in 24 requests, images
// 1,054 KB in 18 requests. Our mobile page keeps the mobile totals and the desktop split where it
// fits: HTML 18 KB; 24 scripts of 613 KB; 18 images of 1,054 KB; 6 stylesheets of 78 KB; 4 fonts
// of 131 KB; the remaining 13 requests (JSON, SVG, media) carry the rest, 417 KB. Within a type,
// sizes grow linearly (the i-th of n is proportional to i), so each type has small and large
// files; sizes are ours, only the totals are the Almanac's. The objects are interleaved by type
// and referenced evenly through the HTML, as a parser finds them.
const ALMANAC_GROUPS: ReadonlyArray<{ ext: string; count: number; kb: number }> = [
  { ext: 'js', count: 24, kb: 613 },
  { ext: 'jpg', count: 18, kb: 1054 },
  { ext: 'css', count: 6, kb: 78 },
  { ext: 'woff2', count: 4, kb: 131 },
  { ext: 'json', count: 13, kb: 2311 - 18 - 613 - 1054 - 78 - 131 },
];
const ALMANAC_HTML = 18 * KB;

/** `total` bytes in `n` sizes proportional to 1..n, the rounding left on the last. */
function rising(total: number, n: number): number[] {
  const weight = (n * (n + 1)) / 2;
  const out = Array.from({ length: n }, (_, i) => Math.floor((total * (i + 1)) / weight));
  out[n - 1] += total - out.reduce((a, b) => a + b, 0);
  return out;
}

function almanacObjects(): Array<{ url: string; bytes: number }> {
  const queues = ALMANAC_GROUPS.map((g) =>
    rising(g.kb * KB, g.count).map((bytes, i) => ({ url: `/assets/${g.ext}/${two(i)}.${g.ext}`, bytes })),
  );
  const out: Array<{ url: string; bytes: number }> = [];
  while (queues.some((q) => q.length > 0)) for (const q of queues) if (q.length > 0) out.push(q.shift()!);
  return out;
}

function checkSize(x: number, what: string): number {
  if (!Number.isFinite(x) || x < 0 || !Number.isInteger(x)) {
    throw new RangeError(`${what} must be a whole number of bytes >= 0, got ${x}`);
  }
  return x;
}

/** Build a page by key. Options apply to `pm-images` (images, imageBytes) and `custom` (objects);
 * other pages ignore them. An unknown key throws (the scenario layer validates keys first). */
export function page(key: string, options: PageOptions = {}): Page {
  switch (key) {
    case 'yahoo96':
      return build(
        key,
        'Yahoo front page, May 1996 (HTML and two images)',
        'Heidemann 1997, section 2.1 (6,651 + 3,883 + 1,866 bytes)',
        '/',
        YAHOO_HTML,
        YAHOO_IMAGES,
        (i) => `/images/yahoo${i + 1}.gif`,
      );
    case 'microscape':
      return build(
        key,
        'Microscape: 42 KB of HTML and 42 GIFs (125 KB)',
        'Nielsen et al. 1997, sections 3.1, 9.1 and 9.2; W3C note "HTTP/1.1 and Nagle\'s Algorithm"',
        '/microscape/',
        MICROSCAPE_HTML,
        MICROSCAPE_IMAGES.map((m) => m.bytes),
        (i) => `/microscape/${MICROSCAPE_IMAGES[i].name}`,
      );
    case 'pm-images': {
      const n = checkSize(options.images ?? PM_DEFAULT_IMAGES, 'images');
      const size = checkSize(options.imageBytes ?? PM_DEFAULT_IMAGE_BYTES, 'imageBytes');
      const html = PM_PREAMBLE + PM_TAG * n + PM_TRAILER;
      const offsets = Array.from({ length: n }, (_, i) => PM_PREAMBLE + PM_TAG * (i + 1));
      return build(
        key,
        `Padmanabhan-Mogul test document: ${n} images of ${size} B`,
        'Padmanabhan & Mogul 1994, section 6 (Figs 6-1 to 6-4; 2544 B and 45566 B images); HTML size not given, modelled',
        '/pm/doc.html',
        html,
        Array.from({ length: n }, () => size),
        (i) => `/pm/img${size}-${two(i)}.gif`,
        'image',
        offsets,
      );
    }
    case 'almanac24': {
      const objects = almanacObjects();
      return build(
        key,
        'A median page of 2024: 66 requests, 2,311 KB',
        'HTTP Archive, Web Almanac 2024, Page Weight chapter (median mobile page: 2,311 KB, 66 requests; bytes by type)',
        '/',
        ALMANAC_HTML,
        objects.map((o) => o.bytes),
        (i) => objects[i].url,
        'other',
      );
    }
    case 'kruse-lerc':
    case 'kruse-acts':
    case 'kruse-oufr':
    case 'kruse-test': {
      const k = KRUSE[key];
      return build(key, k.title, k.source, k.path, k.html, k.images, (i) => `${k.path}e${two(i)}.gif`);
    }
    case 'custom': {
      const sizes = (
        options.objects && options.objects.length > 0 ? options.objects : [YAHOO_HTML, ...YAHOO_IMAGES]
      ).map((x, i) => checkSize(x, `objects[${i}]`));
      return build(
        key,
        `Custom page: ${sizes.length} objects`,
        'user-defined (HTML first; references spread evenly through the HTML)',
        '/',
        sizes[0],
        sizes.slice(1),
        (i) => `/o${two(i)}`,
        'other',
      );
    }
    default:
      throw new RangeError(`unknown page "${key}"; known: ${PAGE_KEYS.join(', ')}`);
  }
}
