// The one script of a content page (decision 024): the page is complete without it; it adds
// what only a script can. Loaded with `defer` from `/assets` under a hashed name, never
// inline (the page's CSP allows only 'self'). Plain browser JavaScript, copied as it is.
// - Analytics (architecture §3.9, product §2): with `data-ga` on this script's tag (a
//   measurement id, never on a private page), gtag.js is loaded after the page and its
//   `config` sends the one page view, with the page's path and query (`page_location`).
// - A schedule card (`[data-details]`, which opens the app modal by its invoker command)
//   gives the modal's hidden 'Details' link (`a[data-app-modal-details]`) its page.
// - An image's spinner (`[data-image-spinner]`, behind the image) leaves once the image
//   has loaded or failed, so that it no longer says 'Loading image…'.
// - A carousel (`[data-carousel]`, a CSS scroll-snap row) gets its previous/next buttons:
//   shown, one slide per press, each disabled at its end of the row.
// - The language switch (`a[hreflang]`, decision 016), when followed, keeps the address
//   bar's query (a kept page was rendered for its canonical URL: decision 022) and
//   remembers the choice for a year.
// - Share buttons (`button[data-share-url]`, pending in the HTML: invisible in their place) appear and use the share
//   sheet where the browser has one, else copy the link and say so in the button's status.
// - Where the browser lacks them (Safari before 26.2, older Firefox and Samsung Internet),
//   the platform features the menu and the app modal are built on: invoker commands
//   (`commandfor`/`command`) and `closedby`, from their polyfills (`data-*-polyfill`, files
//   of this site), loaded only there (decision 024).
(() => {
  const script = document.currentScript;
  const polyfill = (url, supported) => {
    if (url && !supported)
      import(url).then(
        (module) => module.isSupported() || module.apply(),
        () => undefined, // the page stays as it is: its links still work
      );
  };
  polyfill(script?.dataset.invokersPolyfill, "command" in HTMLButtonElement.prototype);
  polyfill(script?.dataset.closedbyPolyfill, "closedBy" in HTMLDialogElement.prototype);
  const id = script?.dataset.ga;
  if (id) {
    window.dataLayer = window.dataLayer || [];
    window.gtag = function gtag() {
      // biome-ignore lint/complexity/noArguments: gtag.js reads the arguments object itself
      window.dataLayer.push(arguments);
    };
    window.gtag("js", new Date());
    window.gtag("config", id);
    const loader = document.createElement("script");
    loader.async = true;
    loader.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
    document.head.append(loader);
  }

  // The language switch's link was rendered for the page's canonical URL (a kept page:
  // decision 022); at activation it takes the address bar's query, before the browser
  // follows it.
  const keepQuery = (link) => {
    const url = new URL(link.href);
    link.setAttribute("href", `${url.pathname}${location.search}`);
  };

  const say = (button, text) => {
    const status = button.parentElement?.querySelector("[data-share-status]");
    if (!status) return;
    status.textContent = text;
    clearTimeout(status.timer);
    status.timer = setTimeout(() => {
      status.textContent = "";
    }, 5000);
  };

  const share = async (button) => {
    const data = { title: button.dataset.shareTitle, text: button.dataset.shareText, url: button.dataset.shareUrl };
    if (typeof navigator.share === "function") {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(data.url);
      say(button, button.dataset.copied);
    } catch {
      say(button, button.dataset.failed);
    }
  };

  // What changes the page waits for the first frame, in a task of its own: the deferred
  // script's own task stays small, and the carousel reads a layout the frame has done
  // rather than forcing one (decision 024, the slow-phone budget).
  const setup = () => {
    for (const button of document.querySelectorAll("button[data-share-url]"))
      button.removeAttribute("data-share-pending");

    for (const spinner of document.querySelectorAll("[data-image-spinner]")) {
      const image = spinner.parentElement?.querySelector("img");
      const done = () => spinner.remove();
      if (!image || image.complete) done();
      else {
        image.addEventListener("load", done);
        image.addEventListener("error", done);
      }
    }

    for (const carousel of document.querySelectorAll("[data-carousel]")) {
      const row = carousel.querySelector("[data-carousel-row]");
      const previous = carousel.querySelector("[data-carousel-prev]");
      const next = carousel.querySelector("[data-carousel-next]");
      const status = carousel.querySelector("[data-carousel-status]");
      if (!row || !previous || !next) continue;
      // After a button's move, once the row has stopped: the slide now first in the row, by its
      // place and caption ('2 of 5: Easy Steps'), for a screen reader (WAI-ARIA carousel pattern).
      let said = 0;
      let moved = false;
      const say = () => {
        const slides = row.querySelectorAll("[data-carousel-slide]");
        const first = slides[Math.round(Math.abs(row.scrollLeft) / (slides[0]?.offsetWidth || 1))];
        if (status && first)
          status.textContent = `${first.getAttribute("aria-label")}: ${first.querySelector("figcaption")?.textContent ?? ""}`;
      };
      // In a right-to-left row scrollLeft runs from 0 to negative values.
      const sign = getComputedStyle(row).direction === "rtl" ? -1 : 1;
      const update = () => {
        const at = Math.abs(row.scrollLeft);
        const atStart = at < 2;
        const atEnd = at + row.clientWidth > row.scrollWidth - 2;
        // A button disabled while it has focus drops focus to the page's start: the other takes it.
        if (atEnd && !atStart && document.activeElement === next) previous.focus();
        if (atStart && !atEnd && document.activeElement === previous) next.focus();
        previous.disabled = atStart;
        next.disabled = atEnd;
        if (moved) {
          clearTimeout(said);
          said = setTimeout(() => {
            moved = false;
            say();
          }, 150);
        }
      };
      const step = (direction) => {
        const slide = row.querySelector("[data-carousel-slide]");
        moved = true;
        row.scrollBy({ left: sign * direction * (slide?.offsetWidth || row.clientWidth) });
      };
      previous.addEventListener("click", () => step(-1));
      next.addEventListener("click", () => step(1));
      row.addEventListener("scroll", update, { passive: true });
      addEventListener("resize", update, { passive: true });
      update();
      carousel.querySelector("[data-carousel-controls]")?.classList.remove("invisible");
    }
  };
  requestAnimationFrame(() => setTimeout(setup, 0));

  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest("button[data-share-url]");
    if (button) void share(button);
    // A card that opens the app modal names its page, if it has one (a show or flight not on
    // the website has none): the modal's link follows the card last opened, never an earlier one.
    const card = target?.closest('[commandfor="app-modal"][command="show-modal"]');
    const details = card && document.querySelector("a[data-app-modal-details]");
    if (details) {
      if (card.dataset.details) details.href = card.dataset.details;
      details.parentElement.hidden = !card.dataset.details;
    }
    const switchLink = target?.closest("a[hreflang]");
    const language = switchLink?.getAttribute("hreflang");
    if (switchLink && (language === "en" || language === "ar")) {
      keepQuery(switchLink);
      // biome-ignore lint/suspicious/noDocumentCookie: one first-party preference cookie (decision 016)
      document.cookie = `lang=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
    }
  });
  // A middle click opens the other language in a new tab: it keeps the query too.
  document.addEventListener("auxclick", (event) => {
    const link = event.target instanceof Element ? event.target.closest("a[hreflang]") : null;
    if (link) keepQuery(link);
  });
})();
