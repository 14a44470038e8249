// The emulated widget's script: the part of Turnstile's client-side API the shop uses
// (turnstile.render with sitekey, action, language, callback, expired-callback and
// error-callback; reset, remove, getResponse; ?render=explicit&onload=<function>). It draws a
// checkbox a person ticks to obtain a token. For an action ending in "-strict" (what the
// card-testing breaker asks for) ticking is not enough: a second, explicit confirmation follows,
// standing in for Cloudflare's interactive challenge. A token expires after 300 s, and the
// widget says so and asks again, as Turnstile does.
export function widgetScript(basePath: string): string {
  return `(function () {
  "use strict";
  var script = document.currentScript;
  var base = new URL(${JSON.stringify(basePath)}, script ? script.src : location.href).href;
  var WORDS = {
    en: { verify: "Verify you are human", confirm: "Confirm: I am placing this order myself", verifying: "Verifying…", success: "Success!", failed: "The check failed; tick the box again.", expired: "The check expired; tick the box again.", note: "Turnstile sandbox" },
    zh: { verify: "确认您是真人", confirm: "确认：这笔订单由我本人下单", verifying: "正在验证…", success: "验证成功！", failed: "验证失败，请重新勾选。", expired: "验证已过期，请重新勾选。", note: "Turnstile 沙盒" }
  };
  var widgets = {};
  var count = 0;
  function words(language) {
    var lang = (language && language !== "auto" ? language : document.documentElement.lang || "en").toLowerCase();
    return lang.indexOf("zh") === 0 ? WORDS.zh : WORDS.en;
  }
  function element(container) {
    return typeof container === "string" ? document.querySelector(container) : container;
  }
  function render(container, options) {
    var host = element(container);
    if (!host) throw new Error("turnstile.render: no container " + container);
    count += 1;
    var id = "sandbox-widget-" + count;
    var w = words(options.language);
    var box = document.createElement("div");
    box.setAttribute("data-turnstile-sandbox", id);
    box.style.cssText = "display:inline-flex;flex-wrap:wrap;gap:0.5rem 1rem;align-items:center;padding:0.5rem 0.75rem;border:1px solid currentColor;border-radius:0.25rem;";
    var label = document.createElement("label");
    label.style.cssText = "display:inline-flex;gap:0.5rem;align-items:center;";
    var input = document.createElement("input");
    input.type = "checkbox";
    label.appendChild(input);
    label.appendChild(document.createTextNode(w.verify));
    var status = document.createElement("span");
    status.setAttribute("role", "status");
    var note = document.createElement("small");
    note.textContent = w.note;
    box.appendChild(label);
    box.appendChild(status);
    box.appendChild(note);
    host.appendChild(box);
    var state = { token: null, timer: null, box: box, input: input, status: status, confirm: null, options: options, words: w };
    widgets[id] = state;
    function obtain() {
      input.disabled = true;
      status.textContent = w.verifying;
      fetch(base + "/v0/token", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ sitekey: options.sitekey, action: options.action || "", interactive: true })
      })
        .then(function (response) { return response.ok ? response.json() : Promise.reject(new Error("token " + response.status)); })
        .then(function (body) {
          if (!widgets[id]) return;
          state.token = body.token;
          status.textContent = w.success;
          state.timer = setTimeout(function () { expire(id); }, 300000);
          if (options.callback) options.callback(body.token);
        })
        .catch(function () {
          if (!widgets[id]) return;
          clear(state);
          status.textContent = w.failed;
          if (options["error-callback"]) options["error-callback"]("sandbox");
        });
    }
    input.addEventListener("change", function () {
      if (!input.checked || state.token) return;
      if (!/-strict$/.test(options.action || "")) return obtain();
      var confirm = document.createElement("button");
      confirm.type = "button";
      confirm.className = "button button-secondary";
      confirm.textContent = w.confirm;
      confirm.addEventListener("click", function () {
        confirm.remove();
        state.confirm = null;
        obtain();
      });
      state.confirm = confirm;
      box.insertBefore(confirm, status);
      confirm.focus();
    });
    return id;
  }
  function clear(state) {
    if (state.timer) clearTimeout(state.timer);
    if (state.confirm) state.confirm.remove();
    state.token = null;
    state.timer = null;
    state.confirm = null;
    state.input.checked = false;
    state.input.disabled = false;
    state.status.textContent = "";
  }
  function expire(id) {
    var state = widgets[id];
    if (!state) return;
    clear(state);
    state.status.textContent = state.words.expired;
    if (state.options["expired-callback"]) state.options["expired-callback"]();
  }
  function find(id) {
    if (id === undefined) { for (var key in widgets) return widgets[key]; return undefined; }
    return widgets[id];
  }
  window.turnstile = {
    render: render,
    reset: function (id) { var state = find(id); if (state) clear(state); },
    remove: function (id) { var state = find(id); if (!state) return; clear(state); state.box.remove(); for (var key in widgets) if (widgets[key] === state) delete widgets[key]; },
    getResponse: function (id) { var state = find(id); return state ? state.token || undefined : undefined; }
  };
  var onload = script ? new URL(script.src).searchParams.get("onload") : null;
  if (onload && typeof window[onload] === "function") window[onload]();
})();
`;
}
