// The live page: one reading a second from /events (server-sent events, dev.loadlab.live.LiveState), drawn into the
// tables and, with the report's Chart.js, one line per row of its requests, p95 and errors per second, and one per kind
// of JVM of the machine's stalls. The page is marked
// data-readings="N" after each reading, and each row's tr data-requests="its total", so that a headless check can
// see figures move.
(function () {
  var charts = {};
  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = String(text);
    if (cls) e.className = cls;
    return e;
  }
  function table(id, headings, rows) {
    var t = el('table'), head = el('tr');
    headings.forEach(function (h) { head.appendChild(el('th', h)); });
    t.appendChild(head);
    rows.forEach(function (r) {
      var tr = el('tr');
      r.cells.forEach(function (c) { tr.appendChild(el('td', c, typeof c === 'number' ? 'n' : '')); });
      Object.keys(r.data || {}).forEach(function (k) { tr.setAttribute('data-' + k, r.data[k]); });
      t.appendChild(tr);
    });
    var holder = document.getElementById(id);
    holder.replaceChildren(t);
  }
  function kinds(map) {
    var keys = Object.keys(map || {});
    return keys.length === 0 ? '' : keys.map(function (k) { return k + ': ' + map[k]; }).join(', ');
  }
  function duration(seconds) {
    var m = Math.floor(seconds / 60), s = seconds % 60;
    return m > 0 ? m + ' min ' + s + ' s' : s + ' s';
  }
  function progress(v) {
    var left = v.secondsLeft === null ? 'time left not known (no earlier build at this scale kept its times)'
      : 'about ' + duration(v.secondsLeft) + ' left as the last kept build took'
        + (v.untimed > 0 ? ', and ' + v.untimed + ' runs it did not time' : '');
    return v.done + ' runs done, ' + v.running + ' running, ' + v.left + ' left; ' + (v.gate ? 'the build has ended' : left);
  }
  function verdict(gate) {
    var d = document.getElementById('verdict');
    if (!gate) { d.className = ''; d.textContent = ''; return; }
    d.className = 'verdict ' + (gate.passed ? 'passed' : 'failed');
    d.textContent = gate.passed ? 'Gate: passed (' + gate.checks + ' checks)'
      : 'Gate: FAILED, ' + gate.failed + ' of ' + gate.checks + ' checks (reports/index.html says which)';
  }
  function rowName(r) { return r.tool + ' ' + r.wire + ' ' + r.run + ' / ' + r.request; }
  // each chart: one line per row (or per kind of JVM), x in seconds since the build's first reading began
  function lines(id, yTitle, datasets) {
    if (!charts[id]) {
      charts[id] = new Chart(document.getElementById(id), {
        type: 'line', data: { datasets: datasets },
        options: { animation: false, parsing: false, interaction: { mode: 'nearest', intersect: false },
          scales: { x: { type: 'linear', title: { display: true, text: 's since the first row began' } },
            y: { title: { display: true, text: yTitle }, beginAtZero: true } } }
      });
    } else {
      charts[id].data.datasets = datasets;
      charts[id].update('none');
    }
  }
  function draw(v) {
    var first = null;
    v.rows.forEach(function (r) { r.history.forEach(function (s) { if (first === null || s.at < first) first = s.at; }); });
    if (first === null) first = 0;
    function perRow(figure) {
      return v.rows.map(function (r) {
        return { label: rowName(r), pointRadius: 0, borderWidth: 1,
          data: r.history.map(function (s) { return { x: s.at - first, y: figure(s) }; }) };
      });
    }
    lines('rate-chart', 'requests/s', perRow(function (s) { return s.requests; }));
    lines('p95-chart', 'p95 ms', perRow(function (s) { return s.p95Ms; }));
    lines('error-chart', 'errors/s', perRow(function (s) { return s.errors; }));
    lines('stall-chart', 'worst stall in the second, ms', v.stalls.map(function (j) {
      return { label: j.who, pointRadius: 0, borderWidth: 1,
        data: j.history.filter(function (s) { return s.at >= first; }).map(function (s) { return { x: s.at - first, y: s.maxMs }; }) };
    }));
  }
  function show(v) {
    document.getElementById('progress').textContent = progress(v);
    verdict(v.gate);
    table('runs', ['tool', 'wire', 'run', 'experiment', 'state', 'seconds (last build)'], v.runs.map(function (r) {
      return { cells: [r.tool, r.wire, r.run, r.experiment, r.state, r.seconds < 0 ? '' : r.seconds],
        data: { state: r.state } };
    }));
    table('rows', ['tool', 'wire', 'experiment', 'request', 'requests/s', 'p50 ms', 'p95 ms', 'p99 ms',
      'errors this second', 'users', 'requests', 'errors', 'errors by kind'], v.rows.map(function (r) {
      return { cells: [r.tool, r.wire, r.experiment, r.request, r.rps, r.p50Ms, r.p95Ms, r.p99Ms,
        kinds(r.errorsThisSecond), r.users, r.requests, r.errors, kinds(r.errorKinds)],
        data: { requests: r.requests } };
    }));
    table('stalls', ['JVM', 'last second ms', 'worst ms'], v.stalls.map(function (j) {
      return { cells: [j.who, j.lastMs, j.maxMs] };
    }));
    table('stops', ['at', 'row', 'limit'], v.stops.map(function (s) {
      return { cells: [new Date(s.at).toISOString(), s.row, s.text] };
    }));
    if (typeof Chart !== 'undefined') draw(v);
    var n = Number(document.body.getAttribute('data-readings') || 0) + 1;
    document.body.setAttribute('data-readings', n);
  }
  var source = new EventSource('/events');
  source.onmessage = function (e) { show(JSON.parse(e.data)); };
  source.onerror = function () {
    document.getElementById('connection').textContent = 'The build has ended or the page is gone: these are its last figures.';
  };
})();
