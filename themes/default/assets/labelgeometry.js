/* scalesite: the geometry of point labels, pure functions only: where
 * labels, markers and leader lines collide (labels.js places the labels
 * with them).
 *
 *   Grid(x0, y0, x1, y1, cell)         a uniform grid over a region
 *   MarkerIndex(grid, markers, tally)  the markers drawn: hits, closer, count
 *   LabelIndex(grid, pad, tally)       the labels placed so far: hits, add
 *   Leaders(grid, tally)               the leader lines drawn so far:
 *                                      add, crosses, hitsRect
 *   DrawnLines(grid, x1, y1, tally)    the lines the chart draws (fits,
 *                                      frontiers): add, hitsRect
 *   crossesLabels(labels, ax, ay, bx, by)  a leader through a placed label?
 *   uncross(items, out, marks, pad, obstacles, relocate)
 *                                      a placement whose leaders cross made
 *                                      to have none
 *   boundsOf, leaderEnd, segHitsRect, segsCross, rectHitsCircle, finite
 *                                      the geometry they share
 *
 * In the browser it is window.scalesiteLayout.labelGeometry, for labels.js
 * (load this file before it); in Node it exports the same object
 * (module.exports). Plain ES2019: no modules, no DOM.
 */
(function () {
  'use strict';

  function num(v) {
    return typeof v === 'number' && v > -Infinity && v < Infinity;
  }

  function finite(a, b, c, d) {
    return num(a) && num(b) && num(c) && num(d);
  }

  // does the rectangle (x, y, w, h) cover part of the circle (cx, cy, r)?
  function rectHitsCircle(x, y, w, h, cx, cy, r) {
    var nx = cx < x ? x : cx > x + w ? x + w : cx;
    var ny = cy < y ? y : cy > y + h ? y + h : cy;
    var dx = cx - nx;
    var dy = cy - ny;
    return dx * dx + dy * dy < r * r;
  }

  // A uniform grid over the region where labels can go. Cell indices are
  // clamped, so shapes beyond the region land in its edge cells.
  function Grid(x0, y0, x1, y1, cell) {
    var cols = Math.floor((x1 - x0) / cell) + 1;
    var rows = Math.floor((y1 - y0) / cell) + 1;
    while (cols * rows > 262144) { // keep the index small for huge regions
      cell *= 2;
      cols = Math.floor((x1 - x0) / cell) + 1;
      rows = Math.floor((y1 - y0) / cell) + 1;
    }
    this.x0 = x0;
    this.y0 = y0;
    this.inv = 1 / cell;
    this.cols = cols;
    this.rows = rows;
  }
  Grid.prototype.cx = function (x) {
    var c = (x - this.x0) * this.inv;
    return c < 1 ? 0 : c >= this.cols ? this.cols - 1 : c | 0;
  };
  Grid.prototype.cy = function (y) {
    var c = (y - this.y0) * this.inv;
    return c < 1 ? 0 : c >= this.rows ? this.rows - 1 : c | 0;
  };

  // The markers, bucketed by the cell of their centre in compressed rows:
  // cell c holds entries start[c] .. start[c+1]-1 of x, y, r. A query
  // widens its box by the largest radius. tally.pairs counts the markers
  // tested.
  function MarkerIndex(grid, markers, tally) {
    var ncell = grid.cols * grid.rows;
    var n = markers.length;
    var cellOf = new Int32Array(n);
    var px = new Float64Array(n);
    var py = new Float64Array(n);
    var pr = new Float64Array(n);
    var start = new Int32Array(ncell + 1);
    var x0 = grid.x0, y0 = grid.y0, inv = grid.inv, cols = grid.cols, rows = grid.rows;
    var maxR = 0;
    var i, c;
    // each marker read once (its fields may be small integers or doubles)
    for (i = 0; i < n; i++) {
      var m = markers[i];
      cellOf[i] = -1;
      if (!m) continue;
      var x = m.x, y = m.y, r = m.r;
      if (typeof x !== 'number' || typeof y !== 'number' || typeof r !== 'number') continue;
      if (!(r > 0 && r < Infinity && x > -Infinity && x < Infinity && y > -Infinity && y < Infinity)) continue;
      var fx = (x - x0) * inv;
      var fy = (y - y0) * inv;
      c = (fy < 1 ? 0 : fy >= rows ? rows - 1 : fy | 0) * cols + (fx < 1 ? 0 : fx >= cols ? cols - 1 : fx | 0);
      cellOf[i] = c;
      px[i] = x;
      py[i] = y;
      pr[i] = r;
      start[c + 1]++;
      if (r > maxR) maxR = r;
    }
    for (i = 0; i < ncell; i++) start[i + 1] += start[i];
    var fill = start.slice(0, ncell);
    var total = start[ncell];
    var mx = new Float64Array(total);
    var my = new Float64Array(total);
    var mr = new Float64Array(total); // squared radii
    for (i = 0; i < n; i++) {
      c = cellOf[i];
      if (c < 0) continue;
      var slot = fill[c]++;
      mx[slot] = px[i];
      my[slot] = py[i];
      mr[slot] = pr[i] * pr[i];
    }
    this.grid = grid;
    this.tally = tally || { pairs: 0 };
    this.start = start;
    this.maxR = maxR;
    this.x = mx;
    this.y = my;
    this.r = mr;
  }
  // countCentres makes the table surely answers from: the markers'
  // centres counted in cells of `cell` px over the box (x0,y0)-(x1,y1),
  // summed from the top-left corner (a summed-area table), so that the
  // centres in a block of cells are counted with four reads, whatever the
  // block's size. Cells are made coarser while they would outnumber
  // 40 per marker (plus 1,024): a chart of a few markers gains little.
  MarkerIndex.prototype.countCentres = function (x0, y0, x1, y1, cell) {
    var n = this.x.length;
    if (!(x1 > x0 && y1 > y0) || !n) return;
    var cols = Math.floor((x1 - x0) / cell) + 1, rows = Math.floor((y1 - y0) / cell) + 1;
    while (cols * rows > 40 * n + 1024) {
      cell *= 2;
      cols = Math.floor((x1 - x0) / cell) + 1;
      rows = Math.floor((y1 - y0) / cell) + 1;
    }
    var inv = 1 / cell, W = cols + 1;
    var sum = new Int32Array(W * (rows + 1));
    var mx = this.x, my = this.y, mr = this.r;
    for (var k = 0; k < n; k++) {
      if (!(mr[k] > 0)) continue; // a radius so small its square is 0 hits nothing
      var c = Math.floor((mx[k] - x0) * inv), r = Math.floor((my[k] - y0) * inv);
      if (c >= 0 && c < cols && r >= 0 && r < rows) sum[(r + 1) * W + c + 1]++;
    }
    for (r = 1; r <= rows; r++) {
      var run = 0, row = r * W;
      for (c = 1; c <= cols; c++) {
        run += sum[row + c];
        sum[row + c] = sum[row - W + c] + run;
      }
    }
    this.sum = sum;
    this.sx0 = x0;
    this.sy0 = y0;
    this.sinv = inv;
    this.scols = cols;
    this.srows = rows;
  };
  // surely: is some marker's centre strictly inside the rectangle (so that
  // hits would say true)? Only the cells wholly inside it are counted:
  // cell c's centres have (cx - x0) / cell >= c, so c > (x - x0) / cell
  // puts them right of x (the same sum, rounded the same, is monotone),
  // and likewise for the other edges. False when it cannot tell: then
  // hits is asked. A question that costs a handful of operations where
  // hits walks the grid: the placer asks it for every candidate.
  MarkerIndex.prototype.surely = function (x, y, w, h) {
    var sum = this.sum;
    if (!sum) return false;
    var inv = this.sinv, cols = this.scols, rows = this.srows;
    // (| 0 is Math.floor at and above 0; below, it rounds up, which for
    // c0 and r0 counts fewer cells, and leaves c1 and r1 below 0)
    var c0 = ((x - this.sx0) * inv | 0) + 1, c1 = ((x + w - this.sx0) * inv | 0) - 1;
    var r0 = ((y - this.sy0) * inv | 0) + 1, r1 = ((y + h - this.sy0) * inv | 0) - 1;
    if (c0 < 0) c0 = 0;
    if (r0 < 0) r0 = 0;
    if (c1 >= cols) c1 = cols - 1;
    if (r1 >= rows) r1 = rows - 1;
    if (c0 > c1 || r0 > r1) return false;
    var W = cols + 1;
    return sum[(r1 + 1) * W + c1 + 1] - sum[r0 * W + c1 + 1] - sum[(r1 + 1) * W + c0] + sum[r0 * W + c0] > 0;
  };

  // does the rectangle cover part of a marker? (the grid's cells are
  // worked out here, not by Grid's cx and cy: the placer asks this for
  // every candidate, and goja, which draws the static figures, pays for
  // each call)
  MarkerIndex.prototype.hits = function (x, y, w, h) {
    var g = this.grid;
    var start = this.start;
    var mx = this.x, my = this.y, mr = this.r;
    var R = this.maxR;
    var x1 = x + w, y1 = y + h;
    var gx0 = g.x0, gy0 = g.y0, inv = g.inv, cols = g.cols, rows = g.rows;
    var a0 = (x - R - gx0) * inv, a1 = (x1 + R - gx0) * inv, b0 = (y - R - gy0) * inv, b1 = (y1 + R - gy0) * inv;
    a0 = a0 < 1 ? 0 : a0 >= cols ? cols - 1 : a0 | 0;
    a1 = a1 < 1 ? 0 : a1 >= cols ? cols - 1 : a1 | 0;
    b0 = b0 < 1 ? 0 : b0 >= rows ? rows - 1 : b0 | 0;
    b1 = b1 < 1 ? 0 : b1 >= rows ? rows - 1 : b1 | 0;
    var n = 0;
    for (var cb = b0; cb <= b1; cb++) {
      var row = cb * cols;
      for (var e = start[row + a1 + 1], k = start[row + a0]; k < e; k++) {
        // the cells a0..a1 of a row are contiguous in the arrays
        n++;
        var cx = mx[k], cy = my[k];
        var dx = cx < x ? x - cx : cx > x1 ? cx - x1 : 0;
        var dy = cy < y ? y - cy : cy > y1 ? cy - y1 : 0;
        if (dx * dx + dy * dy < mr[k]) {
          this.tally.pairs += n;
          return true;
        }
      }
    }
    this.tally.pairs += n;
    return false;
  };

  // closer: is the centre of some marker other than the one at (ox, oy)
  // nearer the rectangle than d px? A label beside its point (no leader)
  // must have that point clearly nearest: else a reader pairs it with the
  // other point, as two nearly coincident points on a phone swap their
  // labels.
  MarkerIndex.prototype.closer = function (x, y, w, h, d, ox, oy) {
    var g = this.grid;
    var start = this.start;
    var mx = this.x, my = this.y;
    var x1 = x + w, y1 = y + h, dd = d * d;
    var gx0 = g.x0, gy0 = g.y0, inv = g.inv, cols = g.cols, rows = g.rows;
    var a0 = (x - d - gx0) * inv, a1 = (x1 + d - gx0) * inv, b0 = (y - d - gy0) * inv, b1 = (y1 + d - gy0) * inv;
    a0 = a0 < 1 ? 0 : a0 >= cols ? cols - 1 : a0 | 0;
    a1 = a1 < 1 ? 0 : a1 >= cols ? cols - 1 : a1 | 0;
    b0 = b0 < 1 ? 0 : b0 >= rows ? rows - 1 : b0 | 0;
    b1 = b1 < 1 ? 0 : b1 >= rows ? rows - 1 : b1 | 0;
    var n = 0;
    for (var cb = b0; cb <= b1; cb++) {
      var row = cb * cols;
      for (var e = start[row + a1 + 1], k = start[row + a0]; k < e; k++) {
        n++;
        var cx = mx[k], cy = my[k];
        if (cx === ox && cy === oy) continue;
        var dx = cx < x ? x - cx : cx > x1 ? cx - x1 : 0;
        var dy = cy < y ? y - cy : cy > y1 ? cy - y1 : 0;
        if (dx * dx + dy * dy < dd) {
          this.tally.pairs += n;
          return true;
        }
      }
    }
    this.tally.pairs += n;
    return false;
  };

  // count: how many markers have their centre in the rectangle, up to
  // limit.
  MarkerIndex.prototype.count = function (x, y, w, h, limit) {
    var g = this.grid;
    var start = this.start;
    var n = 0;
    var x1 = x + w, y1 = y + h;
    var a0 = g.cx(x), a1 = g.cx(x1), b1 = g.cy(y1);
    for (var cb = g.cy(y); cb <= b1; cb++) {
      var row = cb * g.cols;
      for (var e = start[row + a1 + 1], k = start[row + a0]; k < e; k++) {
        this.tally.pairs++;
        if (this.x[k] >= x && this.x[k] <= x1 && this.y[k] >= y && this.y[k] <= y1 && ++n >= limit) return n;
      }
    }
    return n;
  };

  // The labels placed so far: rectangles in flat arrays, and per cell a
  // linked list of entries (head[cell] -> entry, next[entry], label[entry]).
  // lo[row] .. hi[row] are the columns of the row's cells that hold any (a
  // query skips the empty rest: a far leader's box spans a hundred cells).
  // tally.pairs counts the labels tested.
  function LabelIndex(grid, pad, tally) {
    this.grid = grid;
    this.tally = tally || { pairs: 0 };
    this.pad = pad;
    this.head = new Int32Array(grid.cols * grid.rows).fill(-1);
    this.lo = new Int32Array(grid.rows).fill(grid.cols);
    this.hi = new Int32Array(grid.rows).fill(-1);
    this.next = [];
    this.label = [];
    this.x = [];
    this.y = [];
    this.w = [];
    this.h = [];
  }
  // does the rectangle come within pad of a placed label?
  LabelIndex.prototype.hits = function (x, y, w, h) {
    var g = this.grid;
    var p = this.pad;
    var head = this.head, next = this.next, label = this.label;
    var lx = this.x, ly = this.y, lw = this.w, lh = this.h;
    var lo = this.lo, hi = this.hi;
    var gx0 = g.x0, gy0 = g.y0, inv = g.inv, cols = g.cols, rows = g.rows;
    var a0 = (x - p - gx0) * inv, a1 = (x + w + p - gx0) * inv, b0 = (y - p - gy0) * inv, b1 = (y + h + p - gy0) * inv;
    a0 = a0 < 1 ? 0 : a0 >= cols ? cols - 1 : a0 | 0;
    a1 = a1 < 1 ? 0 : a1 >= cols ? cols - 1 : a1 | 0;
    b0 = b0 < 1 ? 0 : b0 >= rows ? rows - 1 : b0 | 0;
    b1 = b1 < 1 ? 0 : b1 >= rows ? rows - 1 : b1 | 0;
    var n = 0;
    for (var cb = b0; cb <= b1; cb++) {
      for (var ca = a0 > lo[cb] ? a0 : lo[cb], ce = a1 < hi[cb] ? a1 : hi[cb]; ca <= ce; ca++) {
        for (var e = head[cb * cols + ca]; e >= 0; e = next[e]) {
          n++;
          var q = label[e];
          if (x < lx[q] + lw[q] + p && lx[q] < x + w + p && y < ly[q] + lh[q] + p && ly[q] < y + h + p) {
            this.tally.pairs += n;
            return true;
          }
        }
      }
    }
    this.tally.pairs += n;
    return false;
  };
  LabelIndex.prototype.add = function (x, y, w, h) {
    var g = this.grid;
    var q = this.x.length;
    this.x.push(x);
    this.y.push(y);
    this.w.push(w);
    this.h.push(h);
    var a0 = g.cx(x), a1 = g.cx(x + w), b1 = g.cy(y + h);
    for (var cb = g.cy(y); cb <= b1; cb++) {
      if (a0 < this.lo[cb]) this.lo[cb] = a0;
      if (a1 > this.hi[cb]) this.hi[cb] = a1;
      for (var ca = a0; ca <= a1; ca++) {
        var c = cb * g.cols + ca;
        this.next.push(this.head[c]);
        this.label.push(q);
        this.head[c] = this.next.length - 1;
      }
    }
  };

  // segHitsRect: does the segment (x1,y1)-(x2,y2) pass through the
  // rectangle (Liang-Barsky clipping)? The four clipping edges, in the
  // order -dx, dx, -dy, dy, are picked by index rather than looped over
  // arrays: the placer asks this for each leader near each candidate, and
  // goja (the static figures) pays for every array made.
  function segHitsRect(x1, y1, x2, y2, rx, ry, rw, rh) {
    var t0 = 0, t1 = 1;
    var dx = x2 - x1, dy = y2 - y1;
    for (var e = 0; e < 4; e++) {
      var p = e === 0 ? -dx : e === 1 ? dx : e === 2 ? -dy : dy;
      var q = e === 0 ? x1 - rx : e === 1 ? rx + rw - x1 : e === 2 ? y1 - ry : ry + rh - y1;
      if (p === 0) {
        if (q < 0) return false;
        continue;
      }
      var t = q / p;
      if (p < 0) {
        if (t > t1) return false;
        if (t > t0) t0 = t;
      } else {
        if (t < t0) return false;
        if (t < t1) t1 = t;
      }
    }
    return t0 < t1;
  }

  // side: which side of the line a->b the point c lies on (+1, -1, or 0
  // within a hair).
  function side(ax, ay, bx, by, cx, cy) {
    var v = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    return v > 1e-9 ? 1 : v < -1e-9 ? -1 : 0;
  }

  // segsCross: do the segments p and q cross properly (each has the other's
  // ends strictly on either side)?
  function segsCross(p1x, p1y, p2x, p2y, q1x, q1y, q2x, q2y) {
    return side(p1x, p1y, p2x, p2y, q1x, q1y) * side(p1x, p1y, p2x, p2y, q2x, q2y) < 0 &&
      side(q1x, q1y, q2x, q2y, p1x, p1y) * side(q1x, q1y, q2x, q2y, p2x, p2y) < 0;
  }

  // leaderEnd is where the leader from the point (ax, ay) meets the label:
  // the label's nearest point.
  function leaderEnd(ax, ay, x, y, w, h) {
    return [Math.max(x, Math.min(ax, x + w)), Math.max(y, Math.min(ay, y + h))];
  }

  // Leaders: the leader lines drawn so far, which later labels must not
  // cover, and which must not cross a placed label. Each is listed in the
  // cells of grid its box covers (head[cell] -> entry, next[entry],
  // ref[entry]), so that a question about a segment or a rectangle tests
  // only the leaders whose box meets its own: a leader that crosses a
  // segment or passes through a rectangle has a box that meets theirs, so
  // the answers are those of testing every leader, at a cost that does not
  // grow with the leaders drawn elsewhere (testing every leader made a
  // chart of 1,000 labels quadratic). seg holds four numbers a leader
  // (ax, ay, bx, by); stamp[leader] marks the leaders a question has
  // tested, as one leader lies in several cells. tally.pairs counts the
  // leaders tested.
  function Leaders(grid, tally) {
    this.grid = grid;
    this.tally = tally || { pairs: 0 };
    this.head = new Int32Array(grid.cols * grid.rows).fill(-1);
    this.lo = new Int32Array(grid.rows).fill(grid.cols); // as LabelIndex's
    this.hi = new Int32Array(grid.rows).fill(-1);
    this.next = [];
    this.ref = [];
    this.seg = [];
    this.stamp = [];
    this.asked = 0;
    this.mayCross = false;
  }
  // add draws the leader (ax,ay)-(bx,by).
  Leaders.prototype.add = function (ax, ay, bx, by) {
    var g = this.grid;
    var k = this.stamp.length;
    this.seg.push(ax, ay, bx, by);
    this.stamp.push(0);
    var a0 = g.cx(Math.min(ax, bx)), a1 = g.cx(Math.max(ax, bx));
    var b0 = g.cy(Math.min(ay, by)), b1 = g.cy(Math.max(ay, by));
    for (var cb = b0; cb <= b1; cb++) {
      if (a0 < this.lo[cb]) this.lo[cb] = a0;
      if (a1 > this.hi[cb]) this.hi[cb] = a1;
      for (var ca = a0; ca <= a1; ca++) {
        var c = cb * g.cols + ca;
        this.next.push(this.head[c]);
        this.ref.push(k);
        this.head[c] = this.next.length - 1;
      }
    }
  };
  // near tests each leader listed in the cells of the box (x0,y0)-(x1,y1),
  // once each, until one answers true, and says whether one did: as a
  // segment (a,b)-(c,d) that crosses it (crossing true), else as one that
  // passes through the rectangle at (a, b), c wide and d high. (One loop
  // for both questions, without a function made for each: the placer asks
  // for every candidate, and goja pays for every closure.)
  Leaders.prototype.near = function (x0, y0, x1, y1, crossing, a, b, c, d) {
    var g = this.grid;
    var head = this.head, next = this.next, ref = this.ref, seg = this.seg, stamp = this.stamp;
    var asked = ++this.asked;
    var lo = this.lo, hi = this.hi;
    var gx0 = g.x0, gy0 = g.y0, inv = g.inv, cols = g.cols, rows = g.rows;
    var a0 = (x0 - gx0) * inv, a1 = (x1 - gx0) * inv, b0 = (y0 - gy0) * inv, b1 = (y1 - gy0) * inv;
    a0 = a0 < 1 ? 0 : a0 >= cols ? cols - 1 : a0 | 0;
    a1 = a1 < 1 ? 0 : a1 >= cols ? cols - 1 : a1 | 0;
    b0 = b0 < 1 ? 0 : b0 >= rows ? rows - 1 : b0 | 0;
    b1 = b1 < 1 ? 0 : b1 >= rows ? rows - 1 : b1 | 0;
    var n = 0;
    for (var cb = b0; cb <= b1; cb++) {
      for (var ca = a0 > lo[cb] ? a0 : lo[cb], ce = a1 < hi[cb] ? a1 : hi[cb]; ca <= ce; ca++) {
        for (var e = head[cb * cols + ca]; e >= 0; e = next[e]) {
          var k = ref[e];
          if (stamp[k] === asked) continue;
          stamp[k] = asked;
          n++;
          var q = 4 * k;
          if (crossing ? segsCross(a, b, c, d, seg[q], seg[q + 1], seg[q + 2], seg[q + 3]) :
            segHitsRect(seg[q], seg[q + 1], seg[q + 2], seg[q + 3], a, b, c, d)) {
            this.tally.pairs += n;
            return true;
          }
        }
      }
    }
    this.tally.pairs += n;
    return false;
  };
  // crosses: does the segment (ax,ay)-(bx,by) cross a leader drawn so far?
  // Crossed leaders make a reader follow the wrong line in a crowded
  // corner. Segments that only touch (two leaders from one point) do not
  // cross.
  Leaders.prototype.crosses = function (ax, ay, bx, by) {
    return this.near(ax < bx ? ax : bx, ay < by ? ay : by, ax > bx ? ax : bx, ay > by ? ay : by, true, ax, ay, bx, by);
  };
  // hitsRect: does a leader drawn so far pass through the rectangle?
  Leaders.prototype.hitsRect = function (x, y, w, h) {
    return this.near(x, y, x + w, y + h, false, x, y, w, h);
  };

  // clipSeg clips the segment (ax,ay)-(bx,by) to the box (x0,y0)-(x1,y1):
  // [t0, t1] along it, or null when it misses the box (Liang-Barsky).
  function clipSeg(ax, ay, bx, by, x0, y0, x1, y1) {
    var t0 = 0, t1 = 1;
    var dx = bx - ax, dy = by - ay;
    var p = [-dx, dx, -dy, dy], q = [ax - x0, x1 - ax, ay - y0, y1 - ay];
    for (var k = 0; k < 4; k++) {
      if (p[k] === 0) {
        if (q[k] < 0) return null;
        continue;
      }
      var t = q[k] / p[k];
      if (p[k] < 0) {
        if (t > t1) return null;
        if (t > t0) t0 = t;
      } else {
        if (t < t0) return null;
        if (t < t1) t1 = t;
      }
    }
    return t0 <= t1 ? [t0, t1] : null;
  }

  // DrawnLines: the lines a chart draws over its points (a fit, a
  // frontier's staircase, a line series), which no label may run under
  // where it has a free place. Kept as a Leaders index of short pieces:
  // each polyline is clipped to the grid's region and cut into pieces no
  // longer than a cell, so that a piece lies in at most four cells and a
  // question about a label's box tests the pieces near it only (a fit
  // across the plot, one segment, would otherwise be listed in every cell
  // of its box). hitsRect: does a line pass through the rectangle, shrunk
  // by a px (a line that grazes a label's edge passes under its halo)?
  function DrawnLines(grid, x1, y1, tally) {
    this.index = new Leaders(grid, tally);
    this.box = [grid.x0, grid.y0, x1, y1];
    this.step = 1 / grid.inv;
    this.count = 0;
  }
  // add adds a polyline given as a flat array [x0, y0, x1, y1, ...].
  DrawnLines.prototype.add = function (pts) {
    var b = this.box, step = this.step;
    for (var k = 0; k + 3 < pts.length; k += 2) {
      var ax = pts[k], ay = pts[k + 1], bx = pts[k + 2], by = pts[k + 3];
      if (!finite(ax, ay, bx, by)) continue;
      var t = clipSeg(ax, ay, bx, by, b[0], b[1], b[2], b[3]);
      if (!t) continue;
      var dx = bx - ax, dy = by - ay;
      var len = Math.sqrt(dx * dx + dy * dy) * (t[1] - t[0]);
      var n = Math.max(1, Math.ceil(len / step));
      for (var j = 0; j < n; j++) {
        var u0 = t[0] + (t[1] - t[0]) * j / n, u1 = t[0] + (t[1] - t[0]) * (j + 1) / n;
        this.index.add(ax + dx * u0, ay + dy * u0, ax + dx * u1, ay + dy * u1);
        this.count++;
      }
    }
  };
  DrawnLines.prototype.hitsRect = function (x, y, w, h) {
    if (!this.count || w <= 2 || h <= 2) return false;
    return this.index.hitsRect(x + 1, y + 1, w - 2, h - 2);
  };

  // crossesLabels: does a leader from (ax, ay) to (bx, by) pass through a
  // placed label? The label index is asked for the segment's box.
  function crossesLabels(labels, ax, ay, bx, by) {
    var x = Math.min(ax, bx), y = Math.min(ay, by);
    var w = Math.abs(bx - ax), h = Math.abs(by - ay);
    var g = labels.grid;
    var lx = labels.x, ly = labels.y, lw = labels.w, lh = labels.h;
    var head = labels.head, next = labels.next, label = labels.label;
    var lo = labels.lo, hi = labels.hi;
    var gx0 = g.x0, gy0 = g.y0, inv = g.inv, cols = g.cols, rows = g.rows;
    var a0 = (x - gx0) * inv, a1 = (x + w - gx0) * inv, b0 = (y - gy0) * inv, b1 = (y + h - gy0) * inv;
    a0 = a0 < 1 ? 0 : a0 >= cols ? cols - 1 : a0 | 0;
    a1 = a1 < 1 ? 0 : a1 >= cols ? cols - 1 : a1 | 0;
    b0 = b0 < 1 ? 0 : b0 >= rows ? rows - 1 : b0 | 0;
    b1 = b1 < 1 ? 0 : b1 >= rows ? rows - 1 : b1 | 0;
    var n = 0;
    for (var cb = b0; cb <= b1; cb++) {
      for (var ca = a0 > lo[cb] ? a0 : lo[cb], ce = a1 < hi[cb] ? a1 : hi[cb]; ca <= ce; ca++) {
        for (var e = head[cb * cols + ca]; e >= 0; e = next[e]) {
          n++;
          var q = label[e];
          if (segHitsRect(ax, ay, bx, by, lx[q] + 1, ly[q] + 1, lw[q] - 2, lh[q] - 2)) {
            labels.tally.pairs += n;
            return true;
          }
        }
      }
    }
    labels.tally.pairs += n;
    return false;
  }

  // Where a label of an item may go: its bounds (with a hair of slack),
  // written to b as [x0, y0, x1, y1].
  function boundsOf(it, b) {
    var bd = it.bounds;
    b[0] = -Infinity; b[1] = -Infinity; b[2] = Infinity; b[3] = Infinity;
    if (bd && finite(bd.x, bd.y, bd.width, bd.height)) {
      b[0] = bd.x - 1e-6;
      b[1] = bd.y - 1e-6;
      b[2] = bd.x + bd.width + 1e-6;
      b[3] = bd.y + bd.height + 1e-6;
    }
    return b;
  }

  // slotFor: where the label of item `it` goes in the slot of another
  // label (its box q, placed for the point (px, py)): against the same
  // edge, on the side of the point the other label was on.
  function slotFor(it, q, qw, qh, px, py) {
    var x, y;
    if (q.x + qw <= px) x = q.x + qw - it.w; // left of its point: right edges meet
    else if (q.x >= px) x = q.x; // right of it: left edges
    else x = q.x + (qw - it.w) / 2;
    if (q.y + qh <= py) y = q.y + qh - it.h; // above: bottom edges
    else if (q.y >= py) y = q.y; // below: top edges
    else y = q.y + (qh - it.h) / 2;
    return { x: x, y: y, leader: true };
  }

  // uncross: a placement made with leaders allowed to cross is made to have
  // none. Where two leaders cross, their labels swap slots (the leaders of
  // two points to two places cross, and the swapped ones do not) when each
  // slot takes the other label clear of everything else; else the label
  // whose leader crosses more leaders is moved (relocate(k): placed again
  // among the others, with a leader that crosses none; false if it finds
  // no place), else the other, else left out. out is edited; obstacles are
  // texts no label may cover.
  function uncross(items, out, marks, pad, obstacles, relocate) {
    var ids = [];
    var i;
    for (i = 0; i < out.length; i++) if (out[i] && out[i].leader) ids.push(i);
    function seg(k, p) {
      var it = items[k];
      var e = leaderEnd(it.x, it.y, p.x, p.y, it.w, it.h);
      return [it.x, it.y, e[0], e[1]];
    }
    function crosses(a, b) {
      return segsCross(a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]);
    }
    // crossings of the leader s (of item k) with the leaders of the others
    // (but skip)
    function crossings(k, s, skip) {
      var n = 0;
      for (var j = 0; j < ids.length; j++) {
        var o = ids[j];
        if (o === k || o === skip || !out[o]) continue;
        if (crosses(s, seg(o, out[o]))) n++;
      }
      return n;
    }
    // may the label of k stand at p, with the leader s, the labels a and b
    // (k among them) set aside?
    function fits(k, p, s, a, b, other, op) {
      var it = items[k];
      var bd = boundsOf(it, [0, 0, 0, 0]);
      var x = p.x, y = p.y, w = it.w, h = it.h;
      if (x < bd[0] || y < bd[1] || x + w > bd[2] || y + h > bd[3]) return false;
      if (it.r > 0 && rectHitsCircle(x, y, w, h, it.x, it.y, it.r)) return false;
      if (marks.hits(x, y, w, h)) return false;
      if (marks.lines && marks.lines.hitsRect(x, y, w, h)) return false;
      var ow = items[other].w, oh = items[other].h;
      if (x < op.x + ow + pad && op.x < x + w + pad && y < op.y + oh + pad && op.y < y + h + pad) return false;
      for (var j = 0; j < out.length; j++) {
        var q = out[j];
        if (!q || j === a || j === b) continue;
        var qw = items[j].w, qh = items[j].h;
        if (x < q.x + qw + pad && q.x < x + w + pad && y < q.y + qh + pad && q.y < y + h + pad) return false;
        // the leader through no other label, no other leader through it
        if (segHitsRect(s[0], s[1], s[2], s[3], q.x + 1, q.y + 1, qw - 2, qh - 2)) return false;
        if (q.leader) {
          var t = seg(j, q);
          if (segHitsRect(t[0], t[1], t[2], t[3], x, y, w, h)) return false;
        }
      }
      for (j = 0; j < obstacles.length; j++) {
        var ob = obstacles[j];
        if (x < ob.x + ob.width + pad && ob.x < x + w + pad && y < ob.y + ob.height + pad && ob.y < y + h + pad) return false;
        if (segHitsRect(s[0], s[1], s[2], s[3], ob.x + 1, ob.y + 1, ob.width - 2, ob.height - 2)) return false;
      }
      return true;
    }
    for (var guard = 0; guard < 4 * ids.length + 8; guard++) {
      var pa = -1, pb = -1;
      for (var u = 0; u < ids.length && pa < 0; u++) {
        if (!out[ids[u]]) continue;
        var su = seg(ids[u], out[ids[u]]);
        for (var v = u + 1; v < ids.length; v++) {
          if (out[ids[v]] && crosses(su, seg(ids[v], out[ids[v]]))) {
            pa = ids[u];
            pb = ids[v];
            break;
          }
        }
      }
      if (pa < 0) return;
      var A = out[pa], B = out[pb];
      var na = slotFor(items[pa], B, items[pb].w, items[pb].h, items[pb].x, items[pb].y);
      var nb = slotFor(items[pb], A, items[pa].w, items[pa].h, items[pa].x, items[pa].y);
      var sa = seg(pa, na), sb = seg(pb, nb);
      var before = crossings(pa, seg(pa, A), pb) + crossings(pb, seg(pb, B), pa) + 1;
      if (!crosses(sa, sb) && crossings(pa, sa, pb) + crossings(pb, sb, pa) < before &&
          fits(pa, na, sa, pa, pb, pb, nb) && fits(pb, nb, sb, pa, pb, pa, na)) {
        out[pa] = na;
        out[pb] = nb;
        continue;
      }
      // no swap: the label whose leader crosses more is moved where its
      // leader crosses none, else the other, else left out
      var first = crossings(pa, seg(pa, A), -1) >= crossings(pb, seg(pb, B), -1) ? pa : pb;
      var second = first === pa ? pb : pa;
      if (relocate(first) || relocate(second)) continue;
      out[first] = null;
    }
    // past the guard, every label still crossing is left out
    for (u = 0; u < ids.length; u++) {
      if (out[ids[u]] && crossings(ids[u], seg(ids[u], out[ids[u]]), -1) > 0) out[ids[u]] = null;
    }
  }

  var api = {
    finite: finite,
    rectHitsCircle: rectHitsCircle,
    Grid: Grid,
    MarkerIndex: MarkerIndex,
    LabelIndex: LabelIndex,
    segHitsRect: segHitsRect,
    segsCross: segsCross,
    leaderEnd: leaderEnd,
    Leaders: Leaders,
    DrawnLines: DrawnLines,
    clipSeg: clipSeg,
    crossesLabels: crossesLabels,
    boundsOf: boundsOf,
    uncross: uncross
  };

  if (typeof module !== 'undefined' && module && module.exports) {
    module.exports = api;
  } else if (typeof window !== 'undefined') {
    var ns = window.scalesiteLayout = window.scalesiteLayout || {};
    ns.labelGeometry = api;
  }
})();
