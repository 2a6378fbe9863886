// Sets the theme class before first paint, so a dark-mode page never flashes white. Inline, so it
// carries this request's CSP nonce (set by proxy.ts) to be allowed to run.
const script = `(function(){try{var p=localStorage.getItem('theme');var d=p==='dark'||((!p||p==='system')&&window.matchMedia('(prefers-color-scheme: dark)').matches);document.documentElement.classList.toggle('dark',d);}catch(e){}})();`;

export function ThemeScript({ nonce }: { nonce: string | undefined }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}
