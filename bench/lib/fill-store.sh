# Sourced by bench/scale and bench/serve: SQL that grows a store holding seed
# 000 to N more runs (ids 1001 ..), copies of its run 3 (89 figures) with their
# own machine rows labelled machine-0 .. machine-49, one night apart, each
# figure varied by up to ±2% (a hash, the same in both dialects) and 10% lower
# in the second half. $1: the row source of numbers i = 1..N, as `i`.
fill_sql() {
    cat <<SQL
INSERT INTO machines (id, label, kind, emulator, cpu_vendor, cpu_family, cpu_model, cpu_stepping,
  cpu_name, cpu_mhz, memory_kb, kernel_release, distribution, bogomips, facts_json)
SELECT 1000 + i, 'machine-' || (i % 50), kind, emulator, cpu_vendor, cpu_family, cpu_model,
  cpu_stepping, cpu_name, cpu_mhz, memory_kb, kernel_release, distribution, bogomips, facts_json
FROM machines, $1 WHERE machines.id = 3 ORDER BY i;
INSERT INTO runs (id, label, created_at, source, source_file, source_sha256, raw_text, program,
  version, built_on, options, compiler, cpuinfo, timing, platform, cpu_mask, complete, notes_json,
  machine_id, processes, content_sha256, content_key, measured_at, stored_at)
SELECT 1000 + i, 'bench-' || i, created_at, source, source_file, source_sha256, raw_text, program,
  version, built_on, options, compiler, cpuinfo, timing, platform, cpu_mask, complete, notes_json,
  1000 + i, processes, '', 'bench-' || i,
  '1990-01-01T02:00:00Z', stored_at FROM runs, $1 WHERE runs.id = 3 ORDER BY i;
INSERT INTO measurements (run_id, algorithm, operation, parameter, value, printed_step, count,
  seconds, samples_json, source_name, printed_json)
SELECT r.id, t.algorithm, t.operation, t.parameter,
  t.value * (1 + (((r.id * r.id * 7919 + r.id * 104729 + t.id * 1299709) % 1000003) % 2001 - 1000)
    / 50000.0) * (CASE WHEN r.id > 1000 + (SELECT MAX(id) - 1000 FROM runs) / 2 THEN 0.9 ELSE 1 END),
  t.printed_step, t.count, t.seconds, t.samples_json, t.source_name, t.printed_json
FROM runs r, measurements t WHERE t.run_id = 3 AND r.id > 1000 ORDER BY r.id, t.id;
SQL
}

# After fill_sql, per dialect: ids given by hand taken into account, and the
# nightly dates (run 1000 + i measured on day i after 1990-01-01).
after_fill_sqlite="UPDATE run_id_high SET id = (SELECT MAX(id) FROM runs);
UPDATE runs SET measured_at = strftime('%Y-%m-%dT02:00:00Z', '1990-01-01', '+' || (id - 1000) || ' days') WHERE id > 1000;"
after_fill_postgres="SELECT setval(pg_get_serial_sequence('runs', 'id'), (SELECT MAX(id) FROM runs));
SELECT setval(pg_get_serial_sequence('machines', 'id'), (SELECT MAX(id) FROM machines));
UPDATE runs SET measured_at = to_char(DATE '1990-01-01' + (id - 1000)::int, 'YYYY-MM-DD') || 'T02:00:00Z' WHERE id > 1000;"
