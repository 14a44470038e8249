import { THEME_COOKIE } from "./theme";

// Runs before first paint: applies the theme the visitor chose (a cookie the toggle sets) so
// that a static page, rendered once for everyone, never flashes the wrong colours.
const SCRIPT = `try{var m=document.cookie.match(/(?:^|; )${THEME_COOKIE}=(light|dark)(?:;|$)/);if(m)document.documentElement.dataset.theme=m[1]}catch(e){}`;

export function ThemeScript() {
  return <script dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
