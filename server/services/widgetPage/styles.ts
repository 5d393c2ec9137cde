/**
 * The page's one style sheet. Colours, font, background and radius come only from the presentation's variables
 * on the root element; the sections show or hide by its `data-*` switches, so a preview changes them live.
 */
export const WIDGET_CSS = `
*,*::before,*::after{box-sizing:border-box}
html,body{margin:0;padding:0;background:transparent}
.w{font-family:var(--w-font);color:var(--w-text);background:var(--w-background);border-radius:var(--w-radius);padding:16px;line-height:1.45;font-size:16px;overflow-wrap:anywhere}
.w a{color:var(--w-link)}
.w :focus-visible{outline:3px solid var(--w-accent);outline-offset:2px;border-radius:4px}
.w h1,.w h2,.w h3{margin:0;line-height:1.2}
.w-header{display:flex;align-items:center;gap:12px;flex-wrap:wrap;margin-bottom:12px}
.w-header h1{font-size:1.5rem}
.w-place{margin:2px 0 0;color:var(--w-text-secondary);font-size:.9rem}
.w-logo{height:40px;width:auto;max-width:160px;object-fit:contain;border-radius:var(--w-radius)}
[data-pro-logo=on] .w-logo{height:72px;max-width:240px}
[data-pro-logo=on] .w-credit{display:none}
.w-section{margin:16px 0}
.w-section>h2{font-size:1.15rem;margin-bottom:8px}
[data-calendar=off] .w-calendar,[data-calendar=off] .w-tabs{display:none}
[data-happy-hours=off] .w-happy-hours{display:none}
.w-tabs{display:flex;gap:4px;margin:8px 0;border-bottom:2px solid var(--w-accent)}
.w-tabs[hidden]{display:none}
.w-tab{font:inherit;cursor:pointer;border:0;padding:8px 16px;background:transparent;color:var(--w-text);border-radius:var(--w-radius) var(--w-radius) 0 0}
.w-tab[aria-selected=true]{background:var(--w-accent);color:var(--w-on-accent);font-weight:700}
.w-list{list-style:none;margin:0;padding:0;display:grid;gap:12px}
.w-event{display:grid;grid-template-columns:64px 1fr;gap:12px;padding:12px;border:1px solid color-mix(in srgb,var(--w-text) 25%,transparent);border-radius:var(--w-radius)}
.w-date{display:flex;flex-direction:column;align-items:center;justify-content:center;background:var(--w-accent);color:var(--w-on-accent);border-radius:var(--w-radius);padding:6px 4px;align-self:start;text-align:center;line-height:1.1}
.w-date .w-daynum{font-size:1.6rem;font-weight:700}
.w-date span{display:block;font-size:.8rem}
.w-event h3{font-size:1.1rem}
.w-event p{margin:4px 0 0}
.w-when,.w-meta{color:var(--w-text-secondary);font-size:.95rem}
.w-price{font-weight:700}
.w-picture{grid-column:1/-1;width:100%;max-height:220px;object-fit:cover;border-radius:var(--w-radius)}
.w-offers{list-style:none;margin:8px 0 0;padding:0;display:grid;gap:6px}
.w-offer{padding:6px 10px;border-left:4px solid var(--w-accent);color:var(--w-text);font-size:.95rem}
.w-offer>*{display:block}
.w-sold-out{font-weight:700}
.w-actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:8px!important}
.w-button{display:inline-block;padding:6px 14px;border-radius:var(--w-radius);background:var(--w-accent);color:var(--w-on-accent)!important;text-decoration:none;font-weight:700}
.w-link{display:inline-block;padding:6px 0}
.w-empty{font-style:italic}
.w-pages{display:flex;justify-content:space-between;align-items:center;gap:8px;margin-top:12px;flex-wrap:wrap}
.w-calendar table{width:100%;border-collapse:collapse;table-layout:fixed}
.w-calendar caption{font-weight:700;padding:4px 0 8px}
.w-calendar th{font-size:.8rem;color:var(--w-text-secondary);padding:4px 0}
.w-calendar td{text-align:center;padding:2px;height:2.6em}
.w-calendar td a,.w-calendar td span{display:flex;align-items:center;justify-content:center;width:2.3em;height:2.3em;margin:auto;border-radius:50%}
.w-calendar td a{background:var(--w-accent);color:var(--w-on-accent);font-weight:700;text-decoration:none}
.w-calendar td[aria-current=date] span,.w-calendar td[aria-current=date] a{box-shadow:0 0 0 2px var(--w-text)}
.w-calendar .w-outside{opacity:0}
.w-months{display:flex;justify-content:space-between;margin-top:8px}
.w-hh-title{display:flex;align-items:center;gap:8px}
.w-hh-icon{width:28px;height:28px;fill:var(--w-happy-hours-icon);flex:none}
.w-hh-list{list-style:none;margin:0;padding:0;display:grid;gap:4px}
.w-hh-list strong{margin-right:6px}
.w-footer{margin-top:16px;font-size:.8rem;color:var(--w-text-secondary)}
.w-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:480px){.w{padding:12px}.w-event{grid-template-columns:52px 1fr;gap:10px}.w-header h1{font-size:1.25rem}}
`
  .trim()
  .replace(/\n/g, '');
