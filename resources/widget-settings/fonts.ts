/**
 * The fifteen widget fonts' latin regular faces (domain/widget.ts WIDGET_FONT_SLUGS), so the font picker shows
 * each in its own face. Imported only by the settings form, so they load with its chunk and nowhere else; the
 * files are self-hosted by the build, nothing comes from a third party.
 */
import '@fontsource/inter/latin-400.css';
import '@fontsource/oswald/latin-400.css';
import '@fontsource/martian-mono/latin-400.css';
import '@fontsource/righteous/latin-400.css';
import '@fontsource/aldrich/latin-400.css';
import '@fontsource/merriweather/latin-400.css';
import '@fontsource/playfair-display/latin-400.css';
import '@fontsource/crimson-pro/latin-400.css';
import '@fontsource/pirata-one/latin-400.css';
import '@fontsource/permanent-marker/latin-400.css';
import '@fontsource/kaushan-script/latin-400.css';
import '@fontsource/balsamiq-sans/latin-400.css';
import '@fontsource/alkatra/latin-400.css';
import '@fontsource/new-rocker/latin-400.css';
import '@fontsource/concert-one/latin-400.css';
