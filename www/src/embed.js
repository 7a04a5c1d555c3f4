// The lesson embed page (www/embed.html): the package's <xiangqi-lesson> element, and the page's own CSS.
import 'xiangqi-wasm/lesson';
import './embed.css';
