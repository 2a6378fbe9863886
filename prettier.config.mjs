// Formatting: `npm run lint` checks it (`prettier --check`), `npm run format` applies it.
// The Tailwind plugin sorts class lists in the order Tailwind 4 generates them (it reads the
// stylesheet to know the project's own theme). Markdown is prose and keeps its authors' line breaks.
/** @type {import('prettier').Config} */
const config = {
  printWidth: 140,
  singleQuote: true,
  trailingComma: 'all',
  plugins: ['prettier-plugin-tailwindcss'],
  tailwindStylesheet: './app/globals.css',
  tailwindFunctions: ['clsx'],
};

export default config;
