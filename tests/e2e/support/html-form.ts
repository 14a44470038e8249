// A server-rendered form read from a page's HTML, to post it as a browser without JavaScript
// would: every named input, select and textarea with the value the server rendered, including
// the hidden fields React puts in a form whose action is a server action ($ACTION_…), which is
// how Next recognises such a post. A program can then drive the admin the way a browser does,
// through the same server actions, without a browser. Only what React renders is understood:
// double-quoted attributes, options marked selected="".

export interface HtmlForm {
  /** The form's action attribute: "" means the page it is on. */
  action: string;
  method: string;
  fields: [name: string, value: string][];
}

const ENTITIES: Record<string, string> = { quot: '"', amp: "&", lt: "<", gt: ">", apos: "'", nbsp: "\u00a0" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decodeEntities(match[1] ?? "") : null;
}

/** The fields a browser would send from one form's markup (submit buttons are left out). */
function fieldsOf(markup: string): [string, string][] {
  const fields: [string, string][] = [];
  const controls = /<input\b[^>]*>|<select\b[^>]*>[\s\S]*?<\/select>|<textarea\b[^>]*>[\s\S]*?<\/textarea>/g;
  for (const [control] of markup.matchAll(controls)) {
    const open = /^<\w+\b[^>]*>/.exec(control)?.[0] ?? control;
    const name = attribute(open, "name");
    if (name === null || attribute(open, "disabled") !== null) continue;
    if (control.startsWith("<input")) {
      const type = (attribute(open, "type") ?? "text").toLowerCase();
      if (["submit", "button", "image", "reset", "file"].includes(type)) continue;
      if ((type === "checkbox" || type === "radio") && attribute(open, "checked") === null) continue;
      fields.push([name, attribute(open, "value") ?? (type === "checkbox" || type === "radio" ? "on" : "")]);
    } else if (control.startsWith("<select")) {
      const options = [...control.matchAll(/<option\b[^>]*>/g)].map(([option]) => option);
      const chosen = options.find((option) => attribute(option, "selected") !== null) ?? options[0];
      if (chosen) fields.push([name, attribute(chosen, "value") ?? ""]);
    } else {
      fields.push([name, decodeEntities(control.replace(/^<textarea\b[^>]*>/, "").replace(/<\/textarea>$/, ""))]);
    }
  }
  return fields;
}

/** Every form on the page, in document order. */
export function formsIn(html: string): HtmlForm[] {
  return [...html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)].map(([markup]) => {
    const open = /^<form\b[^>]*>/.exec(markup)?.[0] ?? "";
    return { action: attribute(open, "action") ?? "", method: (attribute(open, "method") ?? "get").toLowerCase(), fields: fieldsOf(markup) };
  });
}

/** The one form on the page with a field of this name; an error naming the page if none or several. */
export function formWithField(html: string, field: string, page: string): HtmlForm {
  const found = formsIn(html).filter((form) => form.fields.some(([name]) => name === field));
  if (found.length !== 1) throw new Error(`${page}: expected one form with a "${field}" field, found ${found.length}`);
  return found[0]!;
}

/** The form's fields with some values replaced; a replaced field the form lacks is an error. */
export function filled(form: HtmlForm, values: Record<string, string>): FormData {
  const data = new FormData();
  const names = new Set(form.fields.map(([name]) => name));
  for (const name of Object.keys(values)) if (!names.has(name)) throw new Error(`the form has no "${name}" field`);
  for (const [name, value] of form.fields) data.append(name, values[name] ?? value);
  return data;
}
