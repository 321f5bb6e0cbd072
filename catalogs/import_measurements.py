#!/usr/bin/python3
"""Build catalogs/measurements.csv from the published-measurements extract.

Usage (from the repository root):

    /usr/bin/python3 catalogs/import_measurements.py \
        --src ../shared/data/measurements --gpus catalogs/gpus.csv \
        --models catalogs/models.csv --out catalogs/measurements.csv

Standard library only.  Reads decode_tps.csv, train_mem.csv and hw_achieved.csv
from <src> (see <src>/SOURCE.md), maps each GPU and model label to a catalog slug
through the tables below, turns the configuration columns into typed values and
writes one CSV in source order (decode_tps.csv, then train_mem.csv, then
hw_achieved.csv).  The output is deterministic: the same input gives the same bytes.
Every source row is written unless EXCLUDE names it; counts per kind, exclusions
and the GPU labels left without a slug go to stderr.  catalogs/measurements.md
explains the table.

Exit status: 0 on success; 1 when a label cannot be mapped (message
`file:line: cannot map gpu 'X'`, and likewise for model, dtype, unit, mode,
grad_checkpointing, metric), when a mapping names a slug missing from gpus.csv or
models.csv, when an integer field has an unexpected form, when a row has no
date, or when an id repeats; 2 on bad usage.  Nothing is written unless the run
succeeds.

The columns, their types and sane ranges are declared once, in
catalogs/gen_catalog.py (table `measurements`), which validates this file at
build time.
"""
import argparse
import csv
import os
import re
import sys

HEADER = ['id', 'kind', 'metric', 'gpu', 'gpu_count', 'model', 'params_b', 'dtype',
          'framework', 'batch', 'prompt_tokens', 'gen_tokens', 'mode', 'optimizer',
          'micro_batch', 'seq_len', 'grad_checkpointing', 'lora_rank', 'zero_stage',
          'value', 'unit', 'gpu_label', 'model_label', 'dtype_label', 'source',
          'as_of', 'notes']

FILES = ['decode_tps.csv', 'train_mem.csv', 'hw_achieved.csv']

# Columns each source file must have (SOURCE.md).
SOURCE_COLUMNS = {
    'decode_tps.csv': ['id', 'source', 'gpu', 'gpu_count', 'model', 'params_b',
                       'dtype', 'framework', 'batch', 'prompt_tokens', 'gen_tokens',
                       'metric', 'value', 'unit', 'notes'],
    'train_mem.csv': ['id', 'source', 'gpu', 'gpu_count', 'model', 'params_b', 'mode',
                      'dtype', 'optimizer', 'micro_batch', 'seq_len',
                      'grad_checkpointing', 'lora_rank', 'zero_stage',
                      'measured_peak_gb', 'unit', 'notes'],
    'hw_achieved.csv': ['id', 'source', 'gpu', 'gpu_count', 'metric', 'dtype',
                        'benchmark', 'value', 'unit', 'spec_value_in_source',
                        'notes'],
}

# The date the extract was made; used as as_of only where a source carries no
# date at all (the same rule as cloud_instances.csv), and said so in notes.
EXTRACTION_DATE = '2026-11-22'

# Source rows left out on purpose: id -> reason.  None today: every source row
# has a single number as its value.
EXCLUDE = {}

# Problems the importer found that the source does not flag: id -> note (added to
# the row's notes; the value is kept as printed).
IMPORT_FLAGS = {
    'H089': 'check: 831 GB/s is above the RTX 2070 Super DRAM bandwidth (448 GB/s: '
            '256-bit GDDR6 at 14 Gbps) and equals the RTX 3090 row (H095); probably '
            'an error in the source table, do not use for calibration',
}

# decode_tps.csv metric -> kind.
DECODE_KINDS = {
    'decode_tps_per_stream': 'decode',     # batch-1 generation speed of one stream
    'prefill_tps': 'prefill',              # prompt processing speed
    'decode_tps_aggregate': 'aggregate',   # output tokens/s of all streams, all GPUs
}

# GPU label (re.fullmatch) -> gpus.name slug, or None for a deliberately empty gpu.
# The third field, where given, is added to the row's notes (the reason for an empty
# gpu, or what differs between the measured part and the catalog row).
# First match wins.
GPU_MAP = [
    # --- decode_tps.csv ---
    (r'AMD Instinct MI300X 192GB \(750W, OAM\)', 'mi300x', None),      # MI300X OAM, 750 W
    (r'Apple M1 \(7-core GPU, 8GB unified memory, 13-inch MacBook Air\)', 'apple-m1',
     'gpu: 7-core-GPU M1 with 8 GB; the catalog apple-m1 row is the 8-core-GPU, '
     '16 GB configuration (same 68.25 GB/s memory bandwidth, about 7/8 of the compute)'),
    (r'Apple M1 Max \(32-core GPU, 64GB unified memory, 14-inch MBP\)',
     'apple-m1-max', None),                                              # exactly the catalog config
    (r'Apple M2 Ultra \(76-core GPU, 192GB unified memory, Mac Studio\)',
     'apple-m2-ultra', None),                                            # exactly the catalog config
    (r'B200 180GB \(DGX B200\)', 'b200', None),                          # DGX B200 GPU, 180 GB
    (r'GB200 192GB \(GB200 NVL72\)', 'gb200', None),                     # one GPU of GB200 NVL72 (catalog is per GPU)
    (r'(NVIDIA )?H100 SXM 80GB \(DGX H100\)', 'h100-sxm', None),         # DGX H100 = H100 SXM5 80 GB
    (r'NVIDIA A100 80GB PCIe', 'a100-pcie-80gb', None),                  # form factor and memory stated
    (r'NVIDIA A100 80GB SXM', 'a100-sxm-80gb', None),                    # form factor and memory stated
    (r'NVIDIA B200 SXM 180GB', 'b200', None),                            # MLPerf B200-SXM-180GB
    (r'NVIDIA GeForce RTX 3070 8GB', 'rtx-3070', None),                  # the 8 GB GDDR6 card
    (r'NVIDIA GeForce RTX 3080 10GB', 'rtx-3080', None),                 # catalog rtx-3080 is the 10 GB card
    (r'NVIDIA GeForce RTX 3090( 24GB)?', 'rtx-3090', None),              # one memory size only
    (r'NVIDIA GeForce RTX 4070 Ti 12GB', 'rtx-4070-ti', None),           # not the 4070 Ti SUPER
    (r'NVIDIA GeForce RTX 4090( 24GB)?', 'rtx-4090', None),              # one memory size only
    (r'NVIDIA L40S 48GB', 'l40s', None),
    (r'NVIDIA RTX 4000 Ada Generation 20GB', 'rtx-4000-ada', None),
    (r'NVIDIA RTX 6000 Ada Generation 48GB', 'rtx-6000-ada', None),
    (r'NVIDIA RTX A6000 48GB', 'rtx-a6000', None),
    # --- train_mem.csv ---
    (r'NVIDIA A100 \(memory/form factor not stated\)', None,
     'gpu empty: A100 without memory size or form factor; four catalog slugs '
     '(a100-pcie-40gb, a100-pcie-80gb, a100-sxm-40gb, a100-sxm-80gb) fit'),
    (r'NVIDIA H100 96GB HBM2e SXM \(Grand Teton, 500W\)', None,
     'gpu empty: H100 96 GB HBM2e (2.4 TB/s) at a 500 W limit in Meta Grand Teton; '
     'the catalog has no such variant (h100-sxm is 80 GB HBM3 at 3.35 TB/s, '
     'h100-nvl 94 GB HBM3 PCIe)'),
    # --- hw_achieved.csv ---
    (r'Intel Gaudi 2', 'gaudi2', None),
    (r'Intel Gaudi 3', 'gaudi3', None),
    (r'NVIDIA A100 SXM', None,
     'gpu empty: A100 SXM without memory size; a100-sxm-40gb and a100-sxm-80gb both fit'),
    (r'NVIDIA A100 PCIe', None,
     'gpu empty: A100 PCIe without memory size; a100-pcie-40gb and a100-pcie-80gb both fit'),
    (r'NVIDIA A100 \(8x node, NVLink3\)', None,
     'gpu empty: A100 node without memory size; a100-sxm-40gb and a100-sxm-80gb both fit'),
    (r'NVIDIA A100 80GB \(form factor not stated\)', None,
     'gpu empty: A100 80GB without form factor; a100-pcie-80gb and a100-sxm-80gb both fit'),
    (r'NVIDIA A100-SXM4-40GB', 'a100-sxm-40gb', None),                   # nvidia-smi name, stated exactly
    (r'NVIDIA GH200 SXM \(900W, 141GiB HBM3e\)', 'gh200',
     'gpu: the 144 GB (141 GiB) HBM3e GH200 at 900 W; the catalog gh200 row describes '
     'the 96 GB HBM3 configuration (same Hopper compute, more and faster memory)'),
    (r'NVIDIA H100 SXM', 'h100-sxm', None),                              # only one H100 SXM slug
    (r'NVIDIA H100 SXM 80GB \(HGX, NVLink4\)', 'h100-sxm', None),        # HGX H100 SXM5 80 GB
    (r'NVIDIA H100 PCIe 80GB', 'h100-pcie', None),
    (r'NVIDIA H100 \(cluster; form factor not stated\)', None,
     'gpu empty: H100 without form factor; h100-pcie, h100-sxm and h100-nvl fit'),
    (r'NVIDIA H200 SXM( \(8x node, NVLink4 via NVSwitch\)| \(PCIe 5 x16 per GPU\))?',
     'h200', None),                                                     # catalog h200 is the SXM part
    (r'NVIDIA B300 SXM', 'b300', None),
    (r'NVIDIA B200 SXM', 'b200', None),
    (r'NVIDIA GB200 SXM \(per B200 chip\)', 'gb200', None),              # per GPU, as the catalog row
    (r'NVIDIA GB300 \(DGX Station, half GB300 module\), NVLink-C2C', None,
     'gpu empty: DGX Station GB300 (one Grace, one Blackwell Ultra GPU); the catalog '
     'gb300 row is a GPU of the GB300 NVL72, whose C2C host link is shared differently'),
    (r'NVIDIA H20-3e', None, 'gpu empty: no H20 row in the catalog'),
    (r'NVIDIA H800 \(reduced NVLink\)', None, 'gpu empty: no H800 row in the catalog'),
    (r'AMD MI355X', 'mi355x', None),
    (r'AMD MI325X', 'mi325x', None),
    (r'AMD MI300X', 'mi300x', None),
    (r'AMD MI250X \(1 GCD\)', 'mi250x',
     'gpu: measured on ONE GCD (half an MI250X); the catalog mi250x row is the whole '
     'OAM module of 2 GCDs, so compare with half its figures'),
    (r'AMD Radeon RX 7900 XTX', 'rx-7900-xtx', None),
    (r'Apple M1 GPU', 'apple-m1',
     'gpu: GPU core count not stated (7 or 8); the catalog apple-m1 row is the 8-core GPU'),
    (r'Apple M1 Max \(MacBook Pro\)', 'apple-m1-max',
     'gpu: GPU core count not stated (24 or 32, both 400 GB/s); the catalog '
     'apple-m1-max row is the 32-core GPU'),
    (r'Apple M1 Pro GPU 16-core', None, 'gpu empty: no M1 Pro row in the catalog'),
    (r'Apple M2 GPU', None, 'gpu empty: no base M2 row in the catalog'),
    (r'Apple M2 Ultra GPU \(76 Core\)', 'apple-m2-ultra', None),         # 76-core, as the catalog row
    (r'Apple M3 Max GPU \(40 Core\)', 'apple-m3-max', None),             # 40-core, as the catalog row
    (r'Apple M4 Max GPU \(16C,40C,128G\)', 'apple-m4-max', None),        # 16C CPU/40C GPU/128 GB, as the catalog row
    (r'Intel Arc A770 16GB', None, 'gpu empty: no Intel Arc row in the catalog'),
    (r'Intel Data Center GPU Max 1100', None,
     'gpu empty: no Intel Data Center GPU Max row in the catalog'),
    (r'NVIDIA T4', 't4', None),
    (r'NVIDIA L4', 'l4', None),
    (r'NVIDIA V100 32GB', None,
     'gpu empty: V100 32GB without form factor; v100-pcie-32gb and v100-sxm-32gb both fit'),
    (r'NVIDIA A10 24GB', 'a10', None),                                   # A10 (not the AWS A10G)
    (r'NVIDIA GeForce RTX 2070 Super', None, 'gpu empty: no RTX 20-series GeForce row in the catalog'),
    (r'NVIDIA GeForce RTX 3060 12GB', 'rtx-3060', None),                 # catalog rtx-3060 is the 12 GB model
    (r'NVIDIA GeForce RTX 3090 Ti 24GB', 'rtx-3090-ti', None),
    (r'NVIDIA GeForce RTX 4060 Ti', None,
     'gpu empty: RTX 4060 Ti without memory size; rtx-4060-ti-8gb and rtx-4060-ti-16gb both fit'),
    (r'NVIDIA GeForce RTX 4070 Super', None,
     'gpu empty: no RTX 4070 SUPER row in the catalog (rtx-4070 is a different card)'),
    (r'NVIDIA GeForce RTX 4070 Ti Super', 'rtx-4070-ti-super', None),
    (r'NVIDIA GeForce RTX 5070 Ti', None,
     'gpu empty: no RTX 5070 Ti row in the catalog (rtx-5070 is a different card)'),
    (r'NVIDIA A800 80GB PCIe', 'a800-pcie-80gb', None),
    (r'NVIDIA TITAN Xp', None, 'gpu empty: no TITAN Xp row in the catalog'),
    (r'NVIDIA Tesla K40m', None, 'gpu empty: no K40 row in the catalog'),
    (r'NVIDIA GeForce GTX 980 Ti', None, 'gpu empty: no GTX 980 Ti row in the catalog'),
]

# Model label (re.fullmatch) -> models.name slug, with an optional note.
MODEL_MAP = [
    (r'Meta-Llama-3-8B', 'llama-3-8b', None),                            # GGUF of the base model
    (r'Meta-Llama-3-70B', 'llama-3-70b', None),
    (r'CodeLlama-7B \(llama 7B arch\)', 'llama-2-7b',
     'model: CodeLlama-7B has the layer shapes of Llama 2 7B (32 layers, hidden 4096, '
     '32 heads, 6.74B parameters); its vocabulary is 32016 instead of 32000'),
    (r'Llama-2-70B \(llama2-70b benchmark, OpenOrca\)', 'llama-2-70b', None),  # MLPerf llama2-70b = Llama-2-70b-chat
    (r'Llama-3\.1-8B-Instruct \(nvidia/Llama-3\.1-8B-Instruct-FP8\)', 'llama-3.1-8b',
     None),                                                              # instruct tune, same shapes; FP8 checkpoint
    (r'Llama-3\.3-70B-Instruct \(nvidia FP8/FP4 ModelOpt checkpoints\)', 'llama-3.3-70b',
     None),                                                              # FP8/FP4 checkpoints of the same model
    (r'Llama 3\.1 8B', 'llama-3.1-8b', None),
    (r'Llama 3\.1 70B', 'llama-3.1-70b', None),
    (r'Llama 3\.1 405B', 'llama-3.1-405b', None),
    (r'Llama 3\.2 3B', 'llama-3.2-3b', None),
    (r'Llama2-7B', 'llama-2-7b', None),
    (r'Llama2-70B', 'llama-2-70b', None),
]

# dtype label (re.fullmatch), gpu label (re.search, or None for any) -> gpuadv dtype
# keyword ('' = none applies), with an optional note.  First match wins.
DTYPE_MAP = [
    (r'Q4_K_M', None, 'q4_k_m', None),                                   # llama.cpp GGUF type
    (r'Q4_0', None, 'q4_0', None),
    (r'Q8_0', None, 'q8_0', None),
    (r'F16', None, 'fp16', None),                                        # GGUF F16 = IEEE half
    (r'FP8( \(.*\))?', None, 'fp8', None),                               # TRT-LLM / MLPerf FP8 (details stay in dtype_label)
    (r'FP4', None, 'fp4', None),                                         # NVFP4 checkpoints
    (r'not stated.*', None, '', None),                                   # MLPerf rows whose precision the files do not give
    (r'bf16', None, 'bf16', None),
    (r'nf4 base \+ bf16', None, 'nf4', None),                            # QLoRA: frozen NF4 base, bf16 adapters
    (r'bf16 \+ Float8 linears', None, 'bf16',
     'dtype: weights, gradients and optimizer state are bf16/fp32; Float8 is only the '
     'matmul input format (torchtitan float8 training), so dtype is bf16'),
    (r'fp8 \(float8_e4m3fn\)', None, 'fp8', None),
    (r'fp32', None, 'fp32', None),
    (r'fp16', None, 'fp16', None),
    (r'tf32/fp32 \(torch default\)', r'V100', 'fp32',
     'dtype: V100 has no TF32 units, so the torch default is plain fp32'),
    (r'tf32/fp32 \(torch default\)', r'A100|RTX A6000', 'tf32',
     'dtype: the result is far above the FP32 vector peak (A100 19.5, RTX A6000 38.7 '
     'TFLOP/s), so the torch default ran on TF32 tensor cores'),
    (r'tf32/fp32 \(torch default\)', r'GeForce', '',
     'dtype empty: on GeForce cards the TF32 tensor and FP32 vector peaks are equal, '
     'so the result does not show which of the two the torch default used'),
    (r'fp64', None, '', None),                                           # no gpuadv keyword for fp64
    (r'q4_0 GEMV \(llama\.cpp new Metal kernel\)', None, 'q4_0', None),  # weights in GGUF Q4_0
    (r"int4 GEMV \(author's quantized kernel\)", None, 'int4', None),
    (r'n/a|device memory|unified memory', None, '', None),               # bandwidth tests: no number format
]

# Unit as printed (re.fullmatch) -> unit column; the printed text goes to notes when
# it differs.  Nothing is converted.
UNIT_MAP = [
    (r'tokens/s', 'tokens/s'),
    (r'output tokens/s \(.*\)', 'tokens/s'),
    (r'GiB( \(.*\))?', 'GiB'),
    (r'GB( \(.*\))?', 'GB'),
    (r'TFLOP/s', 'TFLOP/s'),
    (r'GB/s( .*)?', 'GB/s'),
    (r'MB/s', 'MB/s'),
]

# train_mem.csv mode -> mode column.
MODE_MAP = {'full': 'full', 'lora': 'lora', 'qlora': 'qlora',
            'full (pretraining)': 'pretrain'}

# train_mem.csv grad_checkpointing (re.fullmatch) -> 'yes', 'no', '' or
# 'single-gpu-yes' ('yes' when gpu_count is 1, else '').
GRAD_CKPT_MAP = [
    (r'yes', 'yes'),
    (r'no', 'no'),
    (r'yes \(config default\)', 'yes'),
    (r'yes \+ activation offloading', 'yes'),
    (r'selective AC', 'yes'),                         # torchtitan selective activation checkpointing
    (r'full AC', 'yes'),                              # torchtitan full activation checkpointing
    (r'config default \(yes for single-device configs\)', 'single-gpu-yes'),
    (r'config default', ''),                          # the default is not stated
]

# Training frameworks named by the source repository.
TRAIN_FRAMEWORKS = [(r'github\.com/pytorch/torchtune\b', 'torchtune'),
                    (r'github\.com/pytorch/torchtitan\b', 'torchtitan')]

MONTHS = {'jan': 1, 'feb': 2, 'mar': 3, 'apr': 4, 'may': 5, 'jun': 6, 'jul': 7,
          'aug': 8, 'sep': 9, 'oct': 10, 'nov': 11, 'dec': 12}

NUMBER_RE = re.compile(r'^-?(\d+\.?\d*|\.\d+)$')


class ImportError_(Exception):
    pass


def load_slugs(path):
    with open(path, newline='', encoding='utf-8') as f:
        reader = csv.reader(f)
        header = next(reader)
        if not header or header[0] != 'name':
            raise ImportError_('%s:1: first column must be name' % path)
        return {row[0] for row in reader if row}


def check_tables(gpu_slugs, model_slugs):
    for pat, slug, _ in GPU_MAP:
        if slug is not None and slug not in gpu_slugs:
            raise ImportError_('GPU_MAP: %r maps to %r, which is not in gpus.csv'
                               % (pat, slug))
    for pat, slug, _ in MODEL_MAP:
        if slug not in model_slugs:
            raise ImportError_('MODEL_MAP: %r maps to %r, which is not in models.csv'
                               % (pat, slug))


def one_line(text):
    return re.sub(r'\s+', ' ', text).strip()


def lookup(table, label, what, where):
    for entry in table:
        if re.fullmatch(entry[0], label):
            return entry[1:]
    raise ImportError_("%s: cannot map %s '%s'" % (where, what, label))


def map_dtype(label, gpu_label, where):
    for pat, gpu_pat, keyword, note in DTYPE_MAP:
        if re.fullmatch(pat, label) and (gpu_pat is None or re.search(gpu_pat, gpu_label)):
            return keyword, note
    raise ImportError_("%s: cannot map dtype '%s'" % (where, label))


def map_unit(label, where):
    for pat, unit in UNIT_MAP:
        if re.fullmatch(pat, label):
            return unit
    raise ImportError_("%s: cannot map unit '%s'" % (where, label))


def parse_int(text, column, where, notes):
    """Integer where the source states one; other wording kept in notes."""
    if text == '':
        return ''
    if re.fullmatch(r'\d+', text):
        return str(int(text))
    m = re.fullmatch(r'(\d+)[ (].*', text)
    if m:
        notes.append("%s '%s' -> %s" % (column, text, m.group(1)))
        return str(int(m.group(1)))
    if re.match(r'\d', text):
        raise ImportError_("%s: %s '%s' is not an integer with a comment"
                           % (where, column, text))
    notes.append("%s '%s' -> empty" % (column, text))
    return ''


def parse_value(text):
    """The number as printed, and a qualifier if the source printed one."""
    if NUMBER_RE.match(text):
        return text, None
    m = re.fullmatch(r'~?(-?\d+(\.\d+)?)\s*(\S.*)?', text)
    if m:
        return m.group(1), text
    return None, None


def parse_as_of(source):
    """(YYYY-MM-DD, note or None) from the date in the source text."""
    m = re.search(r'\b(\d{4})-(\d{2})-(\d{2})\b', source)
    if m:
        return m.group(0), None
    m = re.search(r'\b(\d{4})-(\d{2})\b', source)
    if m:
        return ('%s-%s-01' % (m.group(1), m.group(2)),
                'as_of: the source gives only the month %s; the first of that month is '
                'used' % m.group(0))
    m = re.search(r'\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)[a-z]*\.? '
                  r'(\d{4})\b', source)
    if m:
        month = MONTHS[m.group(1)[:3].lower()]
        return ('%s-%02d-01' % (m.group(2), month),
                "as_of: the source gives only the month '%s'; the first of that month "
                'is used' % m.group(0))
    m = re.search(r'\b(19|20)\d{2}\b', source)
    if m:
        return ('%s-01-01' % m.group(0),
                'as_of: the source gives only the year %s; 1 January is used'
                % m.group(0))
    return (EXTRACTION_DATE,
            'as_of: the source gives no date; %s is the extraction date'
            % EXTRACTION_DATE)


def read_source(path):
    name = os.path.basename(path)
    with open(path, newline='', encoding='utf-8') as f:
        reader = csv.DictReader(f)
        if reader.fieldnames != SOURCE_COLUMNS[name]:
            raise ImportError_('%s:1: header must be %s, got %s'
                               % (path, ','.join(SOURCE_COLUMNS[name]),
                                  ','.join(reader.fieldnames or [])))
        for row in reader:
            yield '%s:%d' % (path, reader.line_num), row


def build_row(fname, where, src):
    """One output row (dict) from one source row."""
    s = {k: (v or '').strip() for k, v in src.items()}
    notes = []          # import notes, appended after the source notes
    out = dict.fromkeys(HEADER, '')
    out['id'] = s['id']
    out['source'] = one_line(s['source'])
    out['gpu_label'] = s['gpu']
    out['dtype_label'] = s['dtype']

    # kind and metric
    if fname == 'decode_tps.csv':
        if s['metric'] not in DECODE_KINDS:
            raise ImportError_("%s: cannot map metric '%s'" % (where, s['metric']))
        out['kind'] = DECODE_KINDS[s['metric']]
        out['metric'] = s['metric']
    elif fname == 'train_mem.csv':
        out['kind'] = 'train_mem'
        out['metric'] = 'measured_peak_gb'      # the source's value column
    else:
        out['kind'] = 'hw'
        out['metric'] = s['metric']

    # gpu
    slug, gpu_note = lookup(GPU_MAP, s['gpu'], 'gpu', where)
    out['gpu'] = slug or ''
    if gpu_note:
        notes.append(gpu_note)
    out['gpu_count'] = parse_int(s['gpu_count'], 'gpu_count', where, notes)
    if out['gpu_count'] == '':
        raise ImportError_('%s: gpu_count %r is not a number' % (where, s['gpu_count']))

    # model
    if fname != 'hw_achieved.csv':
        out['model_label'] = s['model']
        model, model_note = lookup(MODEL_MAP, s['model'], 'model', where)
        out['model'] = model
        if model_note:
            notes.append(model_note)
        if not NUMBER_RE.match(s['params_b']):
            raise ImportError_('%s: params_b %r is not a number' % (where, s['params_b']))
        out['params_b'] = s['params_b']

    # dtype
    out['dtype'], dtype_note = map_dtype(s['dtype'], s['gpu'], where)
    if dtype_note:
        notes.append(dtype_note)

    # configuration
    if fname == 'decode_tps.csv':
        out['framework'] = s['framework']
        for col in ('batch', 'prompt_tokens', 'gen_tokens'):
            out[col] = parse_int(s[col], col, where, notes)
    elif fname == 'train_mem.csv':
        for pat, fw in TRAIN_FRAMEWORKS:
            if re.search(pat, s['source']):
                out['framework'] = fw
                break
        if s['mode'] not in MODE_MAP:
            raise ImportError_("%s: cannot map mode '%s'" % (where, s['mode']))
        out['mode'] = MODE_MAP[s['mode']]
        if out['mode'] != s['mode']:
            notes.append("mode '%s' -> %s" % (s['mode'], out['mode']))
        out['optimizer'] = s['optimizer']
        for col in ('micro_batch', 'seq_len', 'lora_rank', 'zero_stage'):
            out[col] = parse_int(s[col], col, where, notes)
        (gc,) = lookup(GRAD_CKPT_MAP, s['grad_checkpointing'], 'grad_checkpointing',
                       where)
        if gc == 'single-gpu-yes':
            gc = 'yes' if out['gpu_count'] == '1' else ''
        out['grad_checkpointing'] = gc
        if gc != s['grad_checkpointing']:
            notes.append("grad_checkpointing '%s' -> %s"
                         % (s['grad_checkpointing'], gc or 'empty'))
    else:
        out['framework'] = s['benchmark']
        if s['spec_value_in_source']:
            notes.append("spec value in source: '%s'" % s['spec_value_in_source'])

    # value and unit
    raw = s['measured_peak_gb'] if fname == 'train_mem.csv' else s['value']
    value, qualifier = parse_value(raw)
    if value is None:
        return None, "value '%s' is not a number" % raw
    if qualifier:
        notes.append("value as printed '%s'" % qualifier)
    out['value'] = value
    out['unit'] = map_unit(s['unit'], where)
    if out['unit'] != s['unit']:
        notes.append("unit as printed '%s'" % s['unit'])

    # date
    out['as_of'], date_note = parse_as_of(out['source'])
    if date_note:
        notes.append(date_note)

    if out['id'] in IMPORT_FLAGS:
        notes.append(IMPORT_FLAGS[out['id']])

    text = one_line(s['notes'])
    if notes:
        text = (text + ' ' if text else '') + '[import] ' + '; '.join(notes)
    out['notes'] = text
    for k in HEADER:
        out[k] = out[k].strip()
    return out, None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--src', required=True, help='folder with the three source CSVs')
    ap.add_argument('--gpus', required=True, help='catalogs/gpus.csv')
    ap.add_argument('--models', required=True, help='catalogs/models.csv')
    ap.add_argument('--out', required=True, help='catalogs/measurements.csv')
    opts = ap.parse_args()

    rows, excluded = [], []
    counts = {}
    unmapped = {}       # gpu label -> (reason, rows)
    try:
        gpu_slugs = load_slugs(opts.gpus)
        model_slugs = load_slugs(opts.models)
        check_tables(gpu_slugs, model_slugs)
        seen = {}
        for fname in FILES:
            for where, src in read_source(os.path.join(opts.src, fname)):
                rid = (src.get('id') or '').strip()
                if rid in seen:
                    raise ImportError_('%s: duplicate id %r (first at %s)'
                                       % (where, rid, seen[rid]))
                seen[rid] = where
                if rid in EXCLUDE:
                    excluded.append((rid, where, EXCLUDE[rid]))
                    continue
                row, why = build_row(fname, where, src)
                if row is None:
                    excluded.append((rid, where, why))
                    continue
                if row['gpu'] and row['gpu'] not in gpu_slugs:
                    raise ImportError_('%s: gpu %r not in %s' % (where, row['gpu'],
                                                                 opts.gpus))
                if row['model'] and row['model'] not in model_slugs:
                    raise ImportError_('%s: model %r not in %s'
                                       % (where, row['model'], opts.models))
                if not row['gpu']:
                    _, reason = lookup(GPU_MAP, row['gpu_label'], 'gpu', where)
                    n = unmapped.get(row['gpu_label'], (reason, 0))[1]
                    unmapped[row['gpu_label']] = (reason, n + 1)
                counts[row['kind']] = counts.get(row['kind'], 0) + 1
                rows.append(row)
    except (ImportError_, OSError, csv.Error) as e:
        print(str(e), file=sys.stderr)
        return 1

    tmp = opts.out + '.tmp'
    with open(tmp, 'w', newline='', encoding='utf-8') as f:
        w = csv.DictWriter(f, fieldnames=HEADER, lineterminator='\n')
        w.writeheader()
        w.writerows(rows)
    os.replace(tmp, opts.out)

    for kind in ('decode', 'prefill', 'aggregate', 'train_mem', 'hw'):
        print('%s: %d rows' % (kind, counts.get(kind, 0)), file=sys.stderr)
    print('total: %d rows written to %s' % (len(rows), opts.out), file=sys.stderr)
    print('excluded: %d' % len(excluded), file=sys.stderr)
    for rid, where, why in excluded:
        print('  %s (%s): %s' % (rid, where, why), file=sys.stderr)
    print('gpu left empty: %d rows, %d labels'
          % (sum(n for _, n in unmapped.values()), len(unmapped)), file=sys.stderr)
    for label in sorted(unmapped):
        reason, n = unmapped[label]
        print("  '%s' (%d rows): %s" % (label, n, reason), file=sys.stderr)
    return 0


if __name__ == '__main__':
    sys.exit(main())
