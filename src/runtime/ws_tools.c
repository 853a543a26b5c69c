/* The toolchain API (wavesim_tools.h): the ISA-independent assembler with the RDNA3 or Ventus back
   end, the object writers, both disassemblers in LLVM's layouts, and the executor coverage report. */
#include "wavesim/wavesim_tools.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm_source.h"
#include "common/elf32.h"
#include "common/elf64.h"
#include "common/le.h"
#include "rdna3/codec/r3_asm_glue.h"
#include "rdna3/codec/r3_codec.h"
#include "rdna3/codeobj/r3_codeobj.h"
#include "rdna3/exec/r3_exec.h"
#include "runtime/ws_internal.h"
#include "ventus/codec/vt_asm.h"
#include "ventus/codec/vt_isa.h"

struct ws_assembly {
    ws_tool_options opt;
    asm_result res;
};

static int ws_tools_fail(char *err, size_t errsize, const char *msg)
{
    if (err && errsize)
        snprintf(err, errsize, "%s", msg);
    return -1;
}

/* printf into the caller's writer; -1 when it asks to stop */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int ws_out(ws_write_fn fn, void *ctx, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0)
        return -1;
    return fn(ctx, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

int ws_init(char *err, size_t errsize)
{
    return ws_init_tables() ? ws_tools_fail(err, errsize, "internal error: malformed instruction table") : 0;
}

int ws_assemble(const ws_tool_options *o, const char *source, size_t size, const char *filename, ws_assembly **out,
                char *err, size_t errsize)
{
    *out = NULL;
    if (o->isa == WS_ISA_RDNA3 && ws_init(err, errsize))
        return -1;
    const char *nul = memchr(source, 0, size);
    if (nul) { /* the assembler reads a C string: a NUL would silently end the input */
        int line = 1, col = 1;
        for (const char *p = source; p < nul; p++, col++)
            if (*p == '\n')
                line++, col = 0;
        if (err && errsize)
            snprintf(err, errsize, "%s:%d:%d: error: NUL character in input", filename, line, col);
        return -1;
    }
    ws_assembly *a = calloc(1, sizeof *a);
    if (!a)
        return ws_tools_fail(err, errsize, "out of memory");
    a->opt = *o;
    int wave64 = o->wave64;
    vt_asm_ctx vt_ctx = {0};
    asm_isa isa = o->isa == WS_ISA_VENTUS ? vt_asm_isa(&vt_ctx) : r3_asm_isa(&wave64);
    int rc = asm_source(filename, source, &isa, &a->res);
    vt_asm_ctx_free(&vt_ctx);
    if (rc) {
        ws_tools_fail(err, errsize, a->res.error);
        ws_assembly_free(a);
        return -1;
    }
    *out = a;
    return 0;
}

int ws_assembly_hex(const ws_assembly *a, ws_write_fn fn, void *ctx)
{
    const asm_result *res = &a->res;
    size_t reloc = 0; /* relocation sites come in item order: llvm-mc's object has zeros there */
    for (size_t i = 0; i < res->nitems; i++) {
        const uint8_t *b = res->secs[res->items[i].section].data + res->items[i].offset;
        char line[8 * 64 + 2];
        size_t at = 0;
        int zero_last = reloc < res->nrelocs && res->relocs[reloc].section == res->items[i].section &&
                        res->relocs[reloc].offset == res->items[i].offset;
        reloc += zero_last;
        for (int k = 0; k < res->items[i].size / 4; k++) {
            if (zero_last && k == res->items[i].size / 4 - 1) {
                at += (size_t)snprintf(line + at, sizeof line - at, " 00000000");
                continue;
            }
            if (at + 10 >= sizeof line) { /* a long data item: in pieces */
                if (fn(ctx, line, at))
                    return -1;
                at = 0;
            }
            at += (size_t)snprintf(line + at, sizeof line - at, "%s%02x%02x%02x%02x", k ? " " : "", b[4 * k + 3],
                                   b[4 * k + 2], b[4 * k + 1], b[4 * k]);
        }
        line[at++] = '\n';
        if (fn(ctx, line, at))
            return -1;
    }
    return 0;
}

int ws_assembly_object(const ws_assembly *a, void **image, size_t *size, char *err, size_t errsize)
{
    uint8_t *img = NULL;
    int rc = a->opt.isa == WS_ISA_VENTUS
                 ? vt_image_build(&a->res, &img, size, err, errsize)
                 : r3_codeobj_build(&a->res, a->opt.mcpu ? a->opt.mcpu : "gfx1100", &img, size, err, errsize);
    *image = img;
    return rc ? -1 : 0;
}

void ws_assembly_free(ws_assembly *a)
{
    if (!a)
        return;
    asm_result_free(&a->res);
    free(a);
}

/* ---------- RDNA3 disassembly ---------- */

/* Instructions; with an ELF section, also labels and addresses (like llvm-objdump -d). */
static int ws_dis_rdna3(const uint32_t *words, size_t n, int wave64, const elf64_file *elf, const elf64_section *sec,
                        ws_write_fn fn, void *ctx)
{
    size_t i = 0;
    char text[512];
    while (i < n) {
        uint64_t addr = sec ? sec->addr + 4 * i : 0;
        for (int k = 0; elf && k < elf->nsyms; k++) {
            const elf64_symbol *s = &elf->syms[k];
            if (s->name[0] && s->value == addr && s->type != 3 /* STT_SECTION */ && s->shndx < elf->nsecs &&
                &elf->secs[s->shndx] == sec && ws_out(fn, ctx, "\n%s:\n", s->name))
                return -1;
        }
        r3_inst in;
        r3_decode_status st = r3_decode(words + i, n - i, wave64, &in);
        size_t len = st == R3_DECODE_OK ? in.nwords : 1;
        if (st != R3_DECODE_OK)
            snprintf(text, sizeof text, ".long 0x%08x ; %s", words[i], st == R3_DECODE_TRUNCATED ? "truncated" : "invalid");
        else
            r3_print(&in, wave64, text, sizeof text);
        if (sec) {
            if (ws_out(fn, ctx, "\t%-48s // %012llX:", text, (unsigned long long)addr))
                return -1;
            for (size_t k = 0; k < len; k++)
                if (ws_out(fn, ctx, " %08X", words[i + k]))
                    return -1;
            if (fn(ctx, "\n", 1))
                return -1;
        } else if (ws_out(fn, ctx, "%s\n", text)) {
            return -1;
        }
        i += len;
    }
    return 0;
}

static uint32_t *ws_words_of(const uint8_t *b, size_t n)
{
    uint32_t *w = malloc(n ? n * 4 : 4);
    for (size_t k = 0; w && k < n; k++)
        w[k] = (uint32_t)le_get(b + 4 * k, 4);
    return w;
}

static int ws_dis_rdna3_object(const uint8_t *data, size_t size, int wave64, ws_write_fn fn, void *ctx, char *err,
                               size_t errsize)
{
    elf64_file elf;
    if (elf64_parse(data, size, &elf, err, errsize))
        return -1;
    if (elf.machine != 224) {
        if (err && errsize)
            snprintf(err, errsize, "not an AMDGPU ELF file (machine %u)", elf.machine);
        elf64_free(&elf);
        return -1;
    }
    int any = 0, rc = 0;
    for (int i = 0; i < elf.nsecs && !rc; i++) {
        const elf64_section *sec = &elf.secs[i];
        if (!(sec->flags & ELF64_SHF_EXECINSTR) || sec->type == ELF64_SHT_NOBITS)
            continue;
        size_t n = (size_t)(sec->size / 4);
        uint32_t *words = ws_words_of(data + sec->offset, n);
        if (!words) {
            rc = ws_tools_fail(err, errsize, "out of memory");
            break;
        }
        rc = ws_out(fn, ctx, "%sDisassembly of section %s:\n", any ? "\n" : "", sec->name) ||
             ws_dis_rdna3(words, n, wave64, &elf, sec, fn, ctx);
        if (rc)
            ws_tools_fail(err, errsize, "writing the listing failed");
        free(words);
        any = 1;
    }
    elf64_free(&elf);
    if (!rc && !any)
        rc = ws_tools_fail(err, errsize, "no code sections");
    return rc ? -1 : 0;
}

/* ---------- Ventus disassembly ---------- */

/* Symbol lookup for branch targets: the ELF's function and label symbols. */
static const char *ws_elf32_symbol_at(void *ctx, uint32_t addr)
{
    const elf32_file *elf = ctx;
    for (int i = 0; i < elf->nsyms; i++)
        if (elf->syms[i].value == addr && elf->syms[i].name[0] && elf->syms[i].type != 3 && elf->syms[i].type != 4)
            return elf->syms[i].name;
    return NULL;
}

static int ws_dis_ventus(const uint32_t *words, size_t n, uint32_t pc, const elf32_file *elf, ws_write_fn fn,
                         void *ctx)
{
    char text[256];
    for (size_t i = 0; i < n; i++, pc += 4) {
        vt_inst in;
        if (vt_inst_length(words[i]) == 8 && i + 1 < n)
            vt_decode64(words[i], words[i + 1], &in);
        else
            vt_decode(words[i], &in);
        vt_print(&in, pc, elf ? ws_elf32_symbol_at : NULL, (void *)elf, text, sizeof text);
        if (!elf) {
            if (ws_out(fn, ctx, "%s\n", text))
                return -1;
            if (in.len == 8)
                i++, pc += 4;
            continue;
        }
        const char *label = ws_elf32_symbol_at((void *)elf, pc);
        if (label && ws_out(fn, ctx, "\n%08x <%s>:\n", pc, label))
            return -1;
        uint32_t w = words[i];
        if (in.len == 8) { /* a 64-bit instruction: its 8 bytes on one line */
            uint32_t h = words[i + 1];
            if (ws_out(fn, ctx, "%08x: %02x %02x %02x %02x %02x %02x %02x %02x  \t%s\n", pc, w & 255, w >> 8 & 255,
                       w >> 16 & 255, w >> 24, h & 255, h >> 8 & 255, h >> 16 & 255, h >> 24, text))
                return -1;
            i++, pc += 4;
            continue;
        }
        if (ws_out(fn, ctx, "%08x: %02x %02x %02x %02x  \t%s\n", pc, w & 255, w >> 8 & 255, w >> 16 & 255, w >> 24,
                   text))
            return -1;
    }
    return 0;
}

static int ws_dis_ventus_object(const uint8_t *data, size_t size, ws_write_fn fn, void *ctx, char *err,
                                size_t errsize)
{
    elf32_file elf;
    if (elf32_parse(data, size, &elf, err, errsize))
        return -1;
    int rc = 0;
    if (elf.machine != ELF32_EM_RISCV) {
        if (err && errsize)
            snprintf(err, errsize, "not a RISC-V ELF file (machine %u)", elf.machine);
        rc = -1;
    }
    for (int i = 0; !rc && i < elf.nsecs; i++) {
        const elf32_section *s = &elf.secs[i];
        if (!(s->flags & 4) || s->type == 8) /* SHF_EXECINSTR, not SHT_NOBITS */
            continue;
        size_t nw = s->size / 4;
        uint32_t *ws = ws_words_of(data + s->offset, nw);
        if (!ws) {
            rc = ws_tools_fail(err, errsize, "out of memory");
            break;
        }
        if (ws_out(fn, ctx, "\nDisassembly of section %s:\n", s->name) || ws_dis_ventus(ws, nw, s->addr, &elf, fn, ctx))
            rc = ws_tools_fail(err, errsize, "writing the listing failed");
        free(ws);
    }
    elf32_free(&elf);
    return rc;
}

int ws_disassemble_words(const ws_tool_options *o, const uint32_t *words, size_t n, uint64_t pc, ws_write_fn fn,
                         void *ctx)
{
    if (o->isa == WS_ISA_VENTUS)
        return ws_dis_ventus(words, n, (uint32_t)pc, NULL, fn, ctx);
    if (ws_init(NULL, 0))
        return -1;
    return ws_dis_rdna3(words, n, o->wave64, NULL, NULL, fn, ctx);
}

int ws_disassemble_object(const ws_tool_options *o, const void *file, size_t size, ws_write_fn fn, void *ctx,
                          char *err, size_t errsize)
{
    if (o->isa == WS_ISA_VENTUS)
        return ws_dis_ventus_object(file, size, fn, ctx, err, errsize);
    if (ws_init(err, errsize))
        return -1;
    return ws_dis_rdna3_object(file, size, o->wave64, fn, ctx, err, errsize);
}

int ws_isa_report(int missing_only, ws_write_fn fn, void *ctx)
{
    if (ws_init(NULL, 0))
        return -1;
    size_t total = 0, done = 0;
    for (int f = 0; f < R3_FORMAT_COUNT; f++) {
        size_t n = 0, ok = 0;
        for (size_t i = 0; i < r3_isa_count(); i++) {
            const r3_opinfo *op = r3_isa_at(i);
            if (op->format != f)
                continue;
            n++;
            ok += r3_exec_fn_of(op) != NULL;
            if (missing_only && !r3_exec_fn_of(op) && ws_out(fn, ctx, "%s\n", op->mnemonic))
                return -1;
        }
        if (!missing_only && ws_out(fn, ctx, "%-8s %4zu of %4zu\n", r3_formats[f].name, ok, n))
            return -1;
        total += n;
        done += ok;
    }
    if (!missing_only && ws_out(fn, ctx, "%-8s %4zu of %4zu encodings executable\n", "total", done, total))
        return -1;
    return 0;
}

int ws_mcpu_supported(const char *mcpu)
{
    return r3_mach_of_cpu(mcpu) != 0;
}
