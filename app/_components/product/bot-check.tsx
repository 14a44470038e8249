"use client";
// The checkout's bot check in the browser: Cloudflare Turnstile's widget (or, in a demo, its
// emulation at /turnstile-sandbox) rendered explicitly where the checkout step asks for it. The
// page says which script and site key (lib/shop/fraud.ts), through a context, so the panels in
// between need not carry it. A token is good once: after any answer from the checkout, the
// widget is reset for a fresh one. The card-testing breaker asks for the strict action.
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";

export interface BotCheckWidget {
  scriptUrl: string;
  siteKey: string;
}

interface TurnstileOptions {
  sitekey: string;
  action: string;
  language: string;
  callback(token: string): void;
  "expired-callback"(): void;
  "error-callback"(): void;
}

interface TurnstileApi {
  render(container: HTMLElement, options: TurnstileOptions): string;
  reset(id: string): void;
  remove(id: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

const BotCheckContext = createContext<BotCheckWidget | null>(null);

export function BotCheckProvider({ widget, children }: { widget: BotCheckWidget | null; children: ReactNode }) {
  return <BotCheckContext.Provider value={widget}>{children}</BotCheckContext.Provider>;
}

let loading: Promise<TurnstileApi> | null = null;

/** The widget script, loaded once per page. */
function loadTurnstile(scriptUrl: string): Promise<TurnstileApi> {
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = scriptUrl;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error("no turnstile")));
    script.onerror = () => {
      loading = null;
      reject(new Error("the bot check's script did not load"));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export interface BotCheck {
  /** Null without a bot check (the shop runs without one): nothing to wait for. */
  widget: BotCheckWidget | null;
  token: string | null;
  /** The element the widget draws into. */
  slot: ReactNode;
  /** A fresh token is needed (the last one was sent); `strict` when the breaker asks for it. */
  renew(strict?: boolean): void;
}

export const CHECKOUT_ACTION = "checkout";
export const STRICT_CHECKOUT_ACTION = "checkout-strict";

export function useBotCheck(language: string, label: string): BotCheck {
  const widget = useContext(BotCheckContext);
  const ref = useRef<HTMLDivElement>(null);
  const [token, setToken] = useState<string | null>(null);
  const [strict, setStrict] = useState(false);
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!widget || !ref.current) return;
    const container = ref.current;
    let id: string | null = null;
    let gone = false;
    loadTurnstile(widget.scriptUrl)
      .then((turnstile) => {
        if (gone) return;
        id = turnstile.render(container, {
          sitekey: widget.siteKey,
          action: strict ? STRICT_CHECKOUT_ACTION : CHECKOUT_ACTION,
          language,
          callback: setToken,
          "expired-callback": () => setToken(null),
          "error-callback": () => setToken(null),
        });
      })
      .catch(() => setToken(null));
    return () => {
      gone = true;
      setToken(null);
      if (id !== null) window.turnstile?.remove(id);
    };
  }, [widget, strict, language, round]);

  return {
    widget,
    token,
    slot: widget ? <div ref={ref} role="group" aria-label={label} /> : null,
    renew(next = strict) {
      setStrict(next);
      setRound((n) => n + 1);
    },
  };
}
