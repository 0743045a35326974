# Sourced by bench/scale and bench/serve: SQL that grows a store holding seed
# 000 (runs 1-7) to N runs of 74 figures, for either dialect.
# Copies of run 2 (with its machine) as runs 8 .. 7+N-1; SQL text for either dialect.
fill_sql() {  # $1: the row source of numbers 1..N-1
    cat <<SQL
INSERT INTO machines (label, kind, emulator, cpu_vendor, cpu_family, cpu_model, cpu_stepping,
  cpu_name, cpu_mhz, memory_kb, kernel_release, distribution, bogomips, facts_json)
SELECT 'machine-' || (i % 50), kind, emulator, cpu_vendor, cpu_family, cpu_model, cpu_stepping,
  cpu_name, cpu_mhz, memory_kb, kernel_release, distribution, bogomips, facts_json
FROM machines, $1 WHERE machines.id = 2 ORDER BY i;
INSERT INTO runs (label, created_at, source, source_file, source_sha256, raw_text, program, version,
  built_on, options, compiler, cpuinfo, timing, platform, cpu_mask, complete, notes_json,
  machine_id, processes, content_sha256)
SELECT 'bench-' || i, created_at, source, source_file, source_sha256, raw_text, program, version,
  built_on, options, compiler, cpuinfo, timing, platform, cpu_mask, complete, notes_json,
  7 + i, processes, '' FROM runs, $1 WHERE runs.id = 2 ORDER BY i;
INSERT INTO measurements (run_id, algorithm, operation, parameter, value, printed_step, count,
  seconds, samples_json, source_name, printed_json)
SELECT r.id, t.algorithm, t.operation, t.parameter, t.value * (1 + (r.id % 97) / 1000.0),
  t.printed_step, t.count, t.seconds, t.samples_json, t.source_name, t.printed_json
FROM runs r, measurements t WHERE t.run_id = 2 AND r.id > 7 ORDER BY r.id, t.id;
SQL
}

