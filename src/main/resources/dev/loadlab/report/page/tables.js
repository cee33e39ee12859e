// index.html's tables, offline: click a header to sort by it (again to reverse); a table of more than ten rows gets
// a filter box that keeps the rows holding every word typed (tool, wire, experiment, ...). The page's address can
// carry a filter too (index.html#filter=h2), which fills every box: a link to a view, and how the report check
// proves the filter in a headless browser.
(function () {
  function key(cell) {
    var text = cell ? cell.textContent.trim() : '';
    return /^[-+]?[0-9][0-9,]*(\.[0-9]+)?( ?%)?$/.test(text) ? parseFloat(text.replace(/,/g, '')) : text.toLowerCase();
  }
  function compare(a, b) {
    if (typeof a === typeof b) return a < b ? -1 : a > b ? 1 : 0;
    return typeof a === 'number' ? -1 : 1; // numbers before text ("-" for none)
  }
  function sortBy(table, column, header) {
    var body = table.tBodies[0];
    var ascending = header.getAttribute('data-sort') !== 'ascending';
    Array.prototype.forEach.call(header.parentNode.cells, function (th) { th.removeAttribute('data-sort'); });
    header.setAttribute('data-sort', ascending ? 'ascending' : 'descending');
    Array.prototype.slice.call(body.rows)
      .sort(function (x, y) { return compare(key(x.cells[column]), key(y.cells[column])) * (ascending ? 1 : -1); })
      .forEach(function (row) { body.appendChild(row); });
  }
  function filter(table, text) {
    var words = text.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0;
    Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
      var content = row.textContent.toLowerCase();
      var keep = words.every(function (w) { return content.indexOf(w) >= 0; });
      row.hidden = !keep;
      if (keep) shown++;
    });
    table.setAttribute('data-shown', shown);
  }
  Array.prototype.forEach.call(document.querySelectorAll('table'), function (table) {
    if (!table.tHead || !table.tBodies.length) return;
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, column) {
      th.title = 'sort by ' + th.textContent;
      th.addEventListener('click', function () { sortBy(table, column, th); });
    });
    if (table.tBodies[0].rows.length > 10) {
      var box = document.createElement('input');
      box.type = 'search';
      box.className = 'filter';
      box.placeholder = 'filter rows: tool, wire, experiment, ...';
      box.addEventListener('input', function () { filter(table, box.value); });
      table.parentNode.insertBefore(box, table);
    }
  });
  var asked = /filter=([^&]*)/.exec(location.hash);
  if (asked) {
    Array.prototype.forEach.call(document.querySelectorAll('input.filter'), function (box) {
      box.value = decodeURIComponent(asked[1]);
      box.dispatchEvent(new Event('input'));
    });
  }
})();
