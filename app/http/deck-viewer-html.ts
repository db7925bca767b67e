import { LINK_CLOSED_WORDS } from "../domain/deck-links.ts";
import { slideAlt } from "../domain/decks.ts";

/**
 * The public viewer's HTML (decision 068), written as a string: no app chrome, no React, no
 * bundle — a phone on a slow network gets a few kilobytes and the images. The only script is the
 * small inline one that measures time per page (run under the page's CSP by its nonce); without
 * it the pages are all there, in order.
 */

function escapeHtml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
*{box-sizing:border-box}
html{background:#f3f4f6;color:#111827;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
body{margin:0}
main{max-width:1100px;margin:0 auto;padding:12px}
h1{font-size:1.15rem;margin:.5rem 0 1rem}
ol{list-style:none;margin:0;padding:0}
li{margin:0 0 12px}
img{display:block;width:100%;height:auto;background:#fff;box-shadow:0 1px 3px rgba(0,0,0,.15)}
.bar{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;justify-content:space-between}
a{color:#1d4ed8}
form{max-width:28rem;background:#fff;padding:1rem;border-radius:6px}
label{display:block;font-weight:600;margin-bottom:.25rem}
input{font:inherit;padding:.5rem;width:100%;border:1px solid #6b7280;border-radius:4px}
button{font:inherit;margin-top:.75rem;padding:.5rem 1rem;border:0;border-radius:4px;background:#1d4ed8;color:#fff;cursor:pointer}
.error{color:#991b1b}
`;

function page(title: string, body: string, nonce: string | null, script = ""): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow, noarchive">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
${script && nonce ? `<script nonce="${nonce}">${script}</script>` : ""}
</body>
</html>`;
}

/** The page for a link that does not work: says which (expired, or not working), names nobody. */
export function closedLinkHtml(state: keyof typeof LINK_CLOSED_WORDS): string {
  const words = LINK_CLOSED_WORDS[state];
  return page(words.title, `<h1>${escapeHtml(words.title)}</h1>\n<p>${escapeHtml(words.text)}</p>`, null);
}

/** A link whose deck has no page to show right now (every version refused). */
export function emptyLinkHtml(): string {
  return page(
    "This deck is not ready",
    "<h1>This deck is not ready</h1>\n<p>The deck behind this link has no pages to show right now. Ask the person who sent it to you to check it.</p>",
    null,
  );
}

/** The email gate: a plain form, the pages only after it. */
export function emailGateHtml(action: string, error: string | null): string {
  return page(
    "Enter your email to see the deck",
    `<h1>Enter your email to see the deck</h1>
<form method="post" action="${escapeHtml(action)}">
<label for="email">Your email</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="254"${error ? ' aria-invalid="true" aria-describedby="email-error"' : ""}>
${error ? `<p class="error" id="email-error" role="alert">${escapeHtml(error)}</p>` : ""}
<button type="submit">See the deck</button>
</form>`,
    null,
  );
}

/**
 * Measures seconds per page while the page is visible, the page most in view counting, and
 * sends them every 15 s and when the page is hidden or left (sendBeacon survives the unload).
 * Fractions of a second are kept for the next report, never rounded up.
 */
const MEASURE_SCRIPT = `(()=>{const r=document.getElementById("deck");if(!r||!("IntersectionObserver"in window)||!navigator.sendBeacon)return;
const url=r.dataset.report,view=Number(r.dataset.view),key=r.dataset.key,seen=new Map(),owed=new Map();let cur=null,since=performance.now();
function top(){if(document.visibilityState!=="visible")return null;let best=null,ratio=0;for(const[n,v]of seen)if(v>ratio){ratio=v;best=n}return best}
function tick(){const now=performance.now();if(cur!==null)owed.set(cur,(owed.get(cur)||0)+(now-since)/1000);since=now;cur=top()}
const io=new IntersectionObserver(es=>{for(const e of es){const n=Number(e.target.dataset.page);if(e.isIntersecting&&e.intersectionRatio>0)seen.set(n,e.intersectionRatio);else seen.delete(n)}tick()},{threshold:[0,.1,.25,.5,.75,1]});
for(const el of r.querySelectorAll("[data-page]"))io.observe(el);
function send(){tick();const pages=[];for(const[page,s]of owed){const whole=Math.floor(s);if(whole>0){pages.push({page,seconds:Math.min(whole,60)});owed.set(page,s-whole)}}
if(pages.length)navigator.sendBeacon(url,new Blob([JSON.stringify({view,key,pages})],{type:"text/plain;charset=UTF-8"}))}
setInterval(send,Number(r.dataset.every)||15000);document.addEventListener("visibilitychange",()=>{if(document.visibilityState==="hidden")send();else tick()});addEventListener("pagehide",send)})();`;

/** The viewer: the pages as images in order (the first two eager), and the download when allowed. */
export function viewerHtml(options: {
  token: string;
  nonce: string;
  /** The startup's name: the page's title (a link that works may say whose deck it is). */
  title: string;
  pages: Array<{ number: number; width: number; height: number }>;
  view: { id: number; key: string } | null;
  download: boolean;
  reportEveryMs: number;
}): string {
  const base = `/d/${options.token}`;
  const total = options.pages.length;
  const images = options.pages
    .map(
      (p, index) =>
        `<li data-page="${p.number}"><img src="${base}/pages/${p.number}.webp" width="${p.width}" height="${p.height}" alt="${escapeHtml(
          slideAlt(p.number, total),
        )}" ${index < 2 ? 'loading="eager" fetchpriority="high"' : 'loading="lazy"'} decoding="async"></li>`,
    )
    .join("\n");
  const attributes = options.view
    ? ` data-view="${options.view.id}" data-key="${escapeHtml(options.view.key)}" data-report="${base}/view" data-every="${options.reportEveryMs}"`
    : "";
  const download = options.download ? `<a href="${base}/download" download>Download the PDF</a>` : "";
  return page(
    `${options.title} · deck`,
    `<div class="bar"><h1>${escapeHtml(options.title)} · ${total} ${total === 1 ? "page" : "pages"}</h1>${download}</div>
<ol id="deck"${attributes}>
${images}
</ol>`,
    options.nonce,
    options.view ? MEASURE_SCRIPT : "",
  );
}
