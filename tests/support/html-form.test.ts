// The form reader the bench and the shared-cache test post the admin's forms with: it must send
// what a browser without scripts sends, or a post would fail (or worse, save something else).
import { describe, expect, it } from "vitest";
import { decodeEntities, filled, formsIn, formWithField } from "../e2e/support/html-form";

// Markup as React renders a form whose action is a server action (trimmed from /admin/prices/rule).
const PAGE = `
<form class="languages" action="/api/language" method="post"><button type="submit" value="zh" name="locale">中文</button></form>
<form class="editor" noValidate="" action="" encType="multipart/form-data" method="POST"><input type="hidden" name="$ACTION_REF_1"/>
<input type="hidden" name="$ACTION_1:0" value="{&quot;id&quot;:&quot;7f43e9&quot;,&quot;bound&quot;:&quot;$@1&quot;}"/>
<input type="hidden" name="level" value="global"/><input inputMode="decimal" name="markupPercent" value="10"/>
<input name="fixed" value=""/><input type="checkbox" name="featured"/><input type="checkbox" name="hidden" checked="" value="yes"/>
<input name="off" value="x" disabled=""/>
<select name="rounding"><option value="none">No rounding</option><option value="charm_99" selected="">Up to .99</option></select>
<select name="empty"><option value="a">A</option><option value="b">B</option></select>
<textarea name="note">Tom &amp; Jerry&#x27;s</textarea>
<button class="button" type="submit">Preview</button></form>`;

describe("reading a server-rendered form", () => {
  it("takes what a browser would send: hidden action fields, values, checked boxes, selected options, text areas", () => {
    const form = formWithField(PAGE, "markupPercent", "rule page");
    expect(form.method).toBe("post");
    expect(form.action).toBe("");
    expect(form.fields).toEqual([
      ["$ACTION_REF_1", ""],
      ["$ACTION_1:0", '{"id":"7f43e9","bound":"$@1"}'],
      ["level", "global"],
      ["markupPercent", "10"],
      ["fixed", ""],
      ["hidden", "yes"],
      ["rounding", "charm_99"],
      ["empty", "a"],
      ["note", "Tom & Jerry's"],
    ]);
  });

  it("fills in new values and refuses a field the form does not have", () => {
    const form = formWithField(PAGE, "markupPercent", "rule page");
    const data = filled(form, { markupPercent: "12" });
    expect(data.get("markupPercent")).toBe("12");
    expect(data.get("level")).toBe("global");
    expect(() => filled(form, { markup: "12" })).toThrow('the form has no "markup" field');
  });

  it("names the page when no form, or more than one, has the field", () => {
    expect(formsIn(PAGE)).toHaveLength(2);
    expect(() => formWithField(PAGE, "stamp", "prices page")).toThrow('prices page: expected one form with a "stamp" field, found 0');
    expect(() => formWithField(PAGE + PAGE, "level", "twice")).toThrow("found 2");
  });

  it("decodes named and numeric entities and leaves unknown ones", () => {
    expect(decodeEntities("&lt;a&gt; &#36;5 &#x24;6 &bogus;")).toBe("<a> $5 $6 &bogus;");
  });
});
