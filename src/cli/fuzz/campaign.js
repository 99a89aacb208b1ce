'use strict';
/* The campaign page's script: draws the summary `--json` writes, a game
   at a time: its cases and failures, each kind linked to its kept case's
   page, the time split and the coverage counters as bars. */
(function () {
  const data = JSON.parse(document.getElementById('data').textContent);
  const main = document.getElementById('page');
  function element(tag, attributes, text) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attributes || {})) { e.setAttribute(k, v); }
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function bar(label, value, most, text) {
    const row = element('div', { class: 'bar' });
    row.appendChild(element('span', { class: 'label' }, label));
    const track = element('span', { class: 'track' });
    const fill = element('span', { class: 'fill' });
    fill.style.width = (most > 0 ? Math.max(0.5, 100 * value / most) : 0) + '%';
    track.appendChild(fill);
    row.appendChild(track);
    row.appendChild(element('span', { class: 'value' }, text));
    return row;
  }
  /* A test set's page (`m3diff tests`) has a title of its own. */
  main.appendChild(element('h1', {},
    data.title || 'm3diff campaign: ' + data.cases + ' cases, ' + data.failures + ' failing'));
  main.appendChild(element('div', { class: 'note' }, data.note ||
    'seed ' + data.seed + ', size ' + data.size + ', ' + data.jobs + ' jobs, ' + data.duration_seconds.toFixed(1) + ' s'));
  let kept = 0, reached = 0, never = 0, apartCount = 0;
  for (const game of data.games) {
    const section = element('section', { 'data-game': game.game });
    section.appendChild(element('h2', {}, game.game + ': ' + game.cases + ' cases, ' + game.failures + ' failing'));
    if (game.failures_by_kind.length) {
      const list = element('ul', { class: 'kinds' });
      for (const kind of game.failures_by_kind) {
        const item = element('li', {}, kind.kind + ' (' + kind.cases + ' cases) ');
        if (kind.page) {
          item.appendChild(element('a', { href: kind.page }, 'its page'));
          kept++;
        } else if (kind.regression) {
          item.appendChild(document.createTextNode(kind.regression));
        }
        list.appendChild(item);
      }
      section.appendChild(list);
    }
    const parts = Object.entries(game.time);
    if (parts.length) { section.appendChild(element('h3', {}, 'time')); }
    for (const [part, spent] of parts) {
      section.appendChild(bar(part, spent.percent, 100, spent.percent.toFixed(0) + '% (' + spent.seconds.toFixed(2) + ' s)'));
    }
    /* A counter no case of the campaign can reach (beyond the statement,
       under --against) is set apart, not called never reached. */
    const counted = game.coverage.filter((c) => c.count > 0);
    const zero = game.coverage.filter((c) => c.count === 0 && !c.apart);
    const apart = game.coverage.filter((c) => c.count === 0 && c.apart);
    reached += counted.length;
    never += zero.length;
    apartCount += apart.length;
    section.appendChild(element('h3', {}, 'coverage: ' + counted.length + ' of ' + game.coverage.length + ' counters reached'));
    /* Bars on a log scale: counters run from 1 to millions. */
    const most = Math.log10(1 + Math.max(1, ...counted.map((c) => c.count)));
    for (const c of counted) {
      section.appendChild(bar(c.rule + ' ' + c.variant, Math.log10(1 + c.count), most, String(c.count)));
    }
    if (zero.length) {
      section.appendChild(element('h3', {}, 'never reached (' + zero.length + ')'));
      const list = element('ul', { class: 'never' });
      for (const c of zero) { list.appendChild(element('li', {}, c.rule + ' ' + c.variant)); }
      section.appendChild(list);
    }
    if (apart.length) {
      section.appendChild(element('h3', {}, apart[0].apart + ' (' + apart.length + ')'));
      const list = element('ul', { class: 'apart' });
      for (const c of apart) { list.appendChild(element('li', {}, c.rule + ' ' + c.variant)); }
      section.appendChild(list);
    }
    main.appendChild(section);
  }
  main.appendChild(element('div', { class: 'legend' }, 'replay:'));
  main.appendChild(element('pre', { class: 'replay' }, data.replay));
  main.setAttribute('data-games', data.games.length);
  main.setAttribute('data-kept-pages', kept);
  main.setAttribute('data-reached', reached);
  main.setAttribute('data-never', never);
  main.setAttribute('data-apart', apartCount);
}());
