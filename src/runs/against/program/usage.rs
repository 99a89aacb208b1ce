//! What a run used, as a judge measures it: the CPU time of the program
//! and every process it started, their peak memory, and the wall time.
//!
//! Two sources, since neither sees everything. While the run goes on, its
//! processes are looked at in `/proc` every [`TICK`] (Linux), so that a
//! run past a limit is ended as it passes it; a run shorter than a tick is
//! never looked at, and costs nothing. When the run's root is reaped,
//! `wait4` gives the CPU time of every process it reaped (in a namespace,
//! all of them) and the largest resident set any one of them reached.

use std::time::Duration;

/// How often a run's processes are looked at.
pub(super) const TICK: Duration = Duration::from_millis(10);

/// What one run used.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    /// User and system CPU time of the program and all its children.
    pub cpu: Duration,
    /// From the start to the end of the run.
    pub wall: Duration,
    /// The most memory the run's processes held at once, in bytes: their
    /// proportional sets summed where a look saw them, and at least the
    /// largest resident set one process reached.
    pub peak: u64,
}

impl Usage {
    /// The usage in one line, for reports: "CPU 1.02s, wall 1.10s, peak
    /// memory 11.8 MiB".
    pub fn line(&self) -> String {
        format!(
            "CPU {}, wall {}, peak memory {}",
            crate::process::prose::duration(self.cpu),
            crate::process::prose::duration(self.wall),
            mebibytes(self.peak)
        )
    }
}

/// Bytes in MiB, one decimal: the unit `--memory-limit 256M` is read in.
pub fn mebibytes(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / f64::from(1 << 20))
}

/// The CPU time and memory of a run's processes now, from `/proc`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Sample {
    pub cpu: Duration,
    pub memory: u64,
}

/// Looks at the processes under a run's root.
pub(super) struct Sampler {
    root: u32,
    /// Whether the root is one of the run's processes, or only holds them.
    with_root: bool,
    ticks_per_second: u64,
    page_bytes: u64,
}

impl Sampler {
    pub fn new(root: u32, with_root: bool) -> Sampler {
        // SAFETY: sysconf reads a constant of the system.
        let (ticks, page) = unsafe { (libc::sysconf(libc::_SC_CLK_TCK), libc::sysconf(libc::_SC_PAGESIZE)) };
        Sampler { root, with_root, ticks_per_second: ticks.max(1) as u64, page_bytes: page.max(1) as u64 }
    }

    /// The CPU time of the root and every live process under it, with
    /// what each has reaped, and their memory summed: each one's share of
    /// the pages it holds (its proportional set), so that pages a hundred
    /// forked processes share count once, as a judge's cgroup counts them;
    /// its resident set where the kernel gives no share. A process
    /// that ends meanwhile is left out of this look; the next, or `wait4`,
    /// counts it.
    pub fn sample(&self) -> Sample {
        let mut ticks = 0;
        let mut memory = 0;
        let mut pending = Vec::new();
        match self.with_root {
            true => pending.push(self.root),
            false => children(self.root, &mut pending),
        }
        // A tree of a bounded size: a fork bomb is not walked without end.
        let mut seen = 0;
        while let Some(pid) = pending.pop() {
            seen += 1;
            if seen > MOST_PROCESSES {
                break;
            }
            let Some(stat) = read_stat(pid) else { continue };
            ticks += stat.ticks;
            memory += proportional_set(pid).unwrap_or(stat.resident_pages.saturating_mul(self.page_bytes));
            children(pid, &mut pending);
        }
        Sample { cpu: Duration::from_nanos(ticks.saturating_mul(1_000_000_000) / self.ticks_per_second), memory }
    }
}

/// The most processes of one run a look walks.
const MOST_PROCESSES: usize = 4096;

struct Stat {
    /// utime + stime + cutime + cstime.
    ticks: u64,
    resident_pages: u64,
}

/// Fields of `/proc/PID/stat` (proc(5)), counted after the command name,
/// which may hold spaces and parentheses and so ends at the last ')'.
fn read_stat(pid: u32) -> Option<Stat> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    parse_stat(&text)
}

fn parse_stat(text: &str) -> Option<Stat> {
    let after_name = &text[text.rfind(')')? + 1..];
    // Field 3 (state) is the first after the name; utime is field 14.
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let field = |number: usize| fields.get(number - 3)?.parse::<u64>().ok();
    Some(Stat { ticks: field(14)? + field(15)? + field(16)? + field(17)?, resident_pages: field(24)? })
}

/// The `Pss:` line of `/proc/PID/smaps_rollup` (Linux 4.14 and later), in
/// bytes.
fn proportional_set(pid: u32) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/smaps_rollup")).ok()?;
    let line = text.lines().find(|line| line.starts_with("Pss:"))?;
    let kib: u64 = line.trim_start_matches("Pss:").trim().trim_end_matches("kB").trim().parse().ok()?;
    Some(kib * 1024)
}

/// Adds the children of every thread of `pid` to `pending`: a child is
/// listed under the thread that started it.
fn children(pid: u32, pending: &mut Vec<u32>) {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else { return };
    for task in tasks.flatten() {
        if let Ok(list) = std::fs::read_to_string(task.path().join("children")) {
            pending.extend(list.split_whitespace().filter_map(|child| child.parse::<u32>().ok()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stat_line_is_read_after_a_name_with_spaces_and_parentheses() {
        let line = "42 (a (b) c) R 1 42 42 0 -1 4194304 100 0 0 0 7 3 2 1 20 0 1 0 100 1000000 250 184467";
        let stat = parse_stat(line).unwrap();
        assert_eq!(stat.ticks, 7 + 3 + 2 + 1);
        assert_eq!(stat.resident_pages, 250);
    }

    #[test]
    fn this_process_is_seen_using_cpu_and_memory() {
        let busy = std::time::Instant::now();
        while busy.elapsed() < Duration::from_millis(50) {
            std::hint::black_box(busy.elapsed());
        }
        let sample = Sampler::new(std::process::id(), true).sample();
        assert!(sample.cpu > Duration::ZERO, "{sample:?}");
        assert!(sample.memory > 1 << 20, "{sample:?}");
    }

    #[test]
    fn usage_reads_as_a_judge_prints_it() {
        let usage = Usage { cpu: Duration::from_millis(1020), wall: Duration::from_millis(1100), peak: 12_345_678 };
        assert_eq!(usage.line(), "CPU 1.02s, wall 1.10s, peak memory 11.8 MiB");
    }
}
