/* Buffers and sub-buffers in the context's simulated device memory, and the commands that move
   data: read, write, copy, fill (and their rectangular forms), map and unmap, migrate. A
   USE_HOST_PTR buffer keeps the application's memory as the storage: it is copied to the device
   before each command that uses the buffer and back after it. */
#include "ocl.h"

#include <stdlib.h>
#include <string.h>

enum { OCL_SUB_ALIGN = 256 }; /* CL_DEVICE_MEM_BASE_ADDR_ALIGN in bytes */

static const cl_mem_flags ocl_access_flags = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
static const cl_mem_flags ocl_host_flags = CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS;
static const cl_mem_flags ocl_ptr_flags = CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR;

static int ocl_bits(cl_mem_flags f)
{
    int n = 0;
    for (; f; f &= f - 1)
        n++;
    return n;
}

cl_mem ocl_mem_root(cl_mem m)
{
    return m->parent ? m->parent : m;
}

void ocl_mem_to_device(cl_mem m)
{
    cl_mem r = ocl_mem_root(m);
    if (r->image)
        ocl_image_to_device(r);
    else if (r->flags & CL_MEM_USE_HOST_PTR)
        ws_write(r->ctx->dev, r->addr, r->host_ptr, r->size);
}

void ocl_mem_to_host(cl_mem m)
{
    cl_mem r = ocl_mem_root(m);
    if (r->image)
        ocl_image_to_host(r);
    else if (r->flags & CL_MEM_USE_HOST_PTR)
        ws_read(r->ctx->dev, r->addr, r->host_ptr, r->size);
}

void ocl_mem_hold(cl_mem m)
{
    m->irefs++;
}

static void ocl_mem_free_if_unused(void *obj)
{
    cl_mem m = obj;
    if (m->refs || m->irefs)
        return;
    for (ocl_callback *cb = m->destructors; cb;) { /* last registered first */
        ocl_callback *next = cb->next;
        ((void(CL_CALLBACK *)(cl_mem, void *))cb->fn)(m, cb->user);
        free(cb);
        cb = next;
    }
    for (ocl_mapping *p = m->maps; p;) {
        ocl_mapping *next = p->next;
        if (p->owned)
            free(p->ptr);
        free(p);
        p = next;
    }
    cl_context c = m->ctx;
    cl_mem parent = m->parent;
    if (m->image)
        ocl_image_free(m);
    if (!parent)
        ws_free(c->dev, m->addr);
    ocl_delete(m);
    if (parent)
        ocl_mem_drop(parent);
    ocl_context_drop(c);
}

void ocl_mem_drop(cl_mem m)
{
    m->irefs--;
    ocl_mem_free_if_unused(m);
}

static cl_mem ocl_buffer_new(cl_context context, cl_mem_flags flags, size_t size, void *host_ptr,
                             const cl_mem_properties *props, size_t nprops, cl_int *errcode_ret)
{
    cl_int err = CL_SUCCESS;
    const cl_mem_flags known = ocl_access_flags | ocl_host_flags | ocl_ptr_flags;
    if (!ocl_valid(context, OCL_CONTEXT))
        err = CL_INVALID_CONTEXT;
    else if ((flags & ~known) || ocl_bits(flags & ocl_access_flags) > 1 || ocl_bits(flags & ocl_host_flags) > 1 ||
             ((flags & CL_MEM_USE_HOST_PTR) && (flags & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR))))
        err = CL_INVALID_VALUE;
    else if (size == 0 || size > ocl_global_mem_size() / 4)
        err = CL_INVALID_BUFFER_SIZE;
    else if ((host_ptr == NULL) == ((flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR)) != 0))
        err = CL_INVALID_HOST_PTR;
    cl_mem m = err ? NULL : ocl_new(sizeof *m, OCL_MEM);
    if (!err && !m)
        err = CL_OUT_OF_HOST_MEMORY;
    if (m) {
        m->ctx = context;
        m->flags = flags & ocl_access_flags ? flags : flags | CL_MEM_READ_WRITE;
        m->size = size;
        m->host_ptr = flags & CL_MEM_USE_HOST_PTR ? host_ptr : NULL;
        m->addr = ws_alloc(context->dev, size);
        if (nprops)
            memcpy(m->props, props, nprops * sizeof *props);
        m->nprops = nprops;
        if (!m->addr) {
            ocl_delete(m);
            m = NULL;
            err = CL_MEM_OBJECT_ALLOCATION_FAILURE;
        } else {
            if (host_ptr)
                ws_write(context->dev, m->addr, host_ptr, size);
            ocl_context_hold(context);
        }
    }
    if (errcode_ret)
        *errcode_ret = err;
    return m;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateBuffer(cl_context context, cl_mem_flags flags, size_t size, void *host_ptr,
                                               cl_int *errcode_ret)
{
    ocl_lock();
    cl_mem m = ocl_buffer_new(context, flags, size, host_ptr, NULL, 0, errcode_ret);
    ocl_unlock();
    return m;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateBufferWithProperties(cl_context context, const cl_mem_properties *properties,
                                                             cl_mem_flags flags, size_t size, void *host_ptr,
                                                             cl_int *errcode_ret)
{
    if (properties && properties[0]) { /* no buffer property is supported */
        if (errcode_ret)
            *errcode_ret = CL_INVALID_PROPERTY;
        return NULL;
    }
    ocl_lock();
    cl_mem m = ocl_buffer_new(context, flags, size, host_ptr, properties, properties ? 1 : 0, errcode_ret);
    ocl_unlock();
    return m;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateSubBuffer(cl_mem buffer, cl_mem_flags flags,
                                                  cl_buffer_create_type buffer_create_type,
                                                  const void *buffer_create_info, cl_int *errcode_ret)
{
    ocl_lock();
    cl_int err = CL_SUCCESS;
    const cl_buffer_region *reg = buffer_create_info;
    if (!ocl_valid(buffer, OCL_MEM) || buffer->parent || buffer->image)
        err = CL_INVALID_MEM_OBJECT;
    else if ((flags & ~(ocl_access_flags | ocl_host_flags)) || ocl_bits(flags & ocl_access_flags) > 1 ||
             ocl_bits(flags & ocl_host_flags) > 1)
        err = CL_INVALID_VALUE;
    else if (((buffer->flags & CL_MEM_WRITE_ONLY) && (flags & (CL_MEM_READ_WRITE | CL_MEM_READ_ONLY))) ||
             ((buffer->flags & CL_MEM_READ_ONLY) && (flags & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY))) ||
             ((buffer->flags & CL_MEM_HOST_WRITE_ONLY) && (flags & CL_MEM_HOST_READ_ONLY)) ||
             ((buffer->flags & CL_MEM_HOST_READ_ONLY) && (flags & CL_MEM_HOST_WRITE_ONLY)) ||
             ((buffer->flags & CL_MEM_HOST_NO_ACCESS) && (flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_WRITE_ONLY))))
        err = CL_INVALID_VALUE;
    else if (buffer_create_type != CL_BUFFER_CREATE_TYPE_REGION || !reg)
        err = CL_INVALID_VALUE;
    else if (reg->size == 0)
        err = CL_INVALID_BUFFER_SIZE;
    else if (reg->origin > buffer->size || reg->size > buffer->size - reg->origin)
        err = CL_INVALID_VALUE;
    else if (reg->origin % OCL_SUB_ALIGN)
        err = CL_MISALIGNED_SUB_BUFFER_OFFSET;
    cl_mem m = err ? NULL : ocl_new(sizeof *m, OCL_MEM);
    if (!err && !m)
        err = CL_OUT_OF_HOST_MEMORY;
    if (m) {
        m->ctx = buffer->ctx;
        /* unspecified access and host flags are inherited, and so are the host-pointer flags */
        cl_mem_flags f = flags;
        if (!(f & ocl_access_flags))
            f |= buffer->flags & ocl_access_flags;
        if (!(f & ocl_host_flags))
            f |= buffer->flags & ocl_host_flags;
        m->flags = f | (buffer->flags & ocl_ptr_flags);
        m->size = reg->size;
        m->origin = reg->origin;
        m->parent = buffer;
        m->addr = buffer->addr + reg->origin;
        m->host_ptr = buffer->host_ptr ? (char *)buffer->host_ptr + reg->origin : NULL;
        ocl_mem_hold(buffer);
        ocl_context_hold(m->ctx);
    }
    ocl_unlock();
    if (errcode_ret)
        *errcode_ret = err;
    return m;
}

CL_API_ENTRY cl_int CL_API_CALL clRetainMemObject(cl_mem m)
{
    return ocl_retain(m, OCL_MEM, CL_INVALID_MEM_OBJECT);
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseMemObject(cl_mem m)
{
    return ocl_release(m, OCL_MEM, CL_INVALID_MEM_OBJECT, ocl_mem_free_if_unused);
}

CL_API_ENTRY cl_int CL_API_CALL clSetMemObjectDestructorCallback(cl_mem m,
                                                                 void(CL_CALLBACK *pfn_notify)(cl_mem, void *),
                                                                 void *user_data)
{
    return ocl_add_destructor(m, OCL_MEM, CL_INVALID_MEM_OBJECT, (void (*)(void))pfn_notify, user_data);
}

CL_API_ENTRY cl_int CL_API_CALL clGetMemObjectInfo(cl_mem m, cl_mem_info param_name, size_t param_value_size,
                                                   void *param_value, size_t *param_value_size_ret)
{
    ocl_lock();
    cl_int err = CL_INVALID_MEM_OBJECT;
    if (ocl_valid(m, OCL_MEM)) {
        size_t s = param_value_size;
        void *v = param_value;
        size_t *r = param_value_size_ret;
        cl_uint u;
        cl_mem_object_type t = m->image ? m->image->type : CL_MEM_OBJECT_BUFFER;
        cl_bool no = CL_FALSE;
        switch (param_name) {
        case CL_MEM_TYPE: err = ocl_info(&t, sizeof t, s, v, r); break;
        case CL_MEM_FLAGS: err = ocl_info(&m->flags, sizeof m->flags, s, v, r); break;
        case CL_MEM_SIZE: err = ocl_info(&m->size, sizeof m->size, s, v, r); break;
        case CL_MEM_HOST_PTR: err = ocl_info(&m->host_ptr, sizeof m->host_ptr, s, v, r); break;
        case CL_MEM_MAP_COUNT: err = ocl_info(&m->map_count, sizeof m->map_count, s, v, r); break;
        case CL_MEM_REFERENCE_COUNT: u = m->refs; err = ocl_info(&u, sizeof u, s, v, r); break;
        case CL_MEM_CONTEXT: err = ocl_info(&m->ctx, sizeof m->ctx, s, v, r); break;
        case CL_MEM_ASSOCIATED_MEMOBJECT: err = ocl_info(&m->parent, sizeof m->parent, s, v, r); break;
        case CL_MEM_OFFSET: err = ocl_info(&m->origin, sizeof m->origin, s, v, r); break;
        case CL_MEM_USES_SVM_POINTER: err = ocl_info(&no, sizeof no, s, v, r); break;
        case CL_MEM_PROPERTIES: err = ocl_info(m->props, m->nprops * sizeof *m->props, s, v, r); break;
        default: err = CL_INVALID_VALUE;
        }
    }
    ocl_unlock();
    return err;
}

/* ---------- data movement ---------- */

/* The checks every buffer command shares; host says whether the host reads (1), writes (2) or neither. */
static cl_int ocl_check_buffer(cl_command_queue q, cl_mem m, size_t offset, size_t size, int host)
{
    if (!ocl_valid(q, OCL_QUEUE))
        return CL_INVALID_COMMAND_QUEUE;
    if (!ocl_valid(m, OCL_MEM) || m->image) /* images move with the image commands */
        return CL_INVALID_MEM_OBJECT;
    if (m->ctx != q->ctx)
        return CL_INVALID_CONTEXT;
    if (offset > m->size || size > m->size - offset)
        return CL_INVALID_VALUE;
    if ((host & 1) && (m->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS)))
        return CL_INVALID_OPERATION;
    if ((host & 2) && (m->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)))
        return CL_INVALID_OPERATION;
    return CL_SUCCESS;
}

static ws_device *ocl_dev(ocl_cmd *c)
{
    return c->queue->ctx->dev;
}

static cl_int ocl_run_read(ocl_cmd *c)
{
    ocl_mem_to_device(c->mem[0]);
    return ws_read(ocl_dev(c), c->mem[0]->addr + c->off[0], c->ptr, c->size) ? CL_OUT_OF_RESOURCES : CL_SUCCESS;
}

static cl_int ocl_run_write(ocl_cmd *c)
{
    ocl_mem_to_device(c->mem[0]);
    int rc = ws_write(ocl_dev(c), c->mem[0]->addr + c->off[0], c->ptr, c->size);
    ocl_mem_to_host(c->mem[0]);
    return rc ? CL_OUT_OF_RESOURCES : CL_SUCCESS;
}

static cl_int ocl_run_copy(ocl_cmd *c)
{
    ocl_mem_to_device(c->mem[0]);
    ocl_mem_to_device(c->mem[1]);
    void *tmp = malloc(c->size);
    if (!tmp)
        return CL_OUT_OF_HOST_MEMORY;
    int rc = ws_read(ocl_dev(c), c->mem[0]->addr + c->off[0], tmp, c->size) ||
             ws_write(ocl_dev(c), c->mem[1]->addr + c->off[1], tmp, c->size);
    free(tmp);
    ocl_mem_to_host(c->mem[1]);
    return rc ? CL_OUT_OF_RESOURCES : CL_SUCCESS;
}

static cl_int ocl_run_fill(ocl_cmd *c)
{
    size_t psize = c->off[1];
    uint8_t *tmp = malloc(c->size);
    if (!tmp)
        return CL_OUT_OF_HOST_MEMORY;
    for (size_t i = 0; i < c->size; i += psize)
        memcpy(tmp + i, c->pattern, psize);
    ocl_mem_to_device(c->mem[0]);
    int rc = ws_write(ocl_dev(c), c->mem[0]->addr + c->off[0], tmp, c->size);
    free(tmp);
    ocl_mem_to_host(c->mem[0]);
    return rc ? CL_OUT_OF_RESOURCES : CL_SUCCESS;
}

/* Submits c as a new command of queue q (ocl_cmd_new already checked the wait list). */
static cl_int ocl_submit(ocl_cmd *c, cl_mem a, cl_mem b, cl_int (*run)(ocl_cmd *), cl_event *event, int blocking)
{
    c->run = run;
    c->mem[0] = a;
    c->mem[1] = b;
    if (a)
        ocl_mem_hold(a);
    if (b)
        ocl_mem_hold(b);
    return ocl_cmd_submit(c, event, blocking);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueReadBuffer(cl_command_queue q, cl_mem buffer, cl_bool blocking_read,
                                                    size_t offset, size_t size, void *ptr,
                                                    cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
                                                    cl_event *event)
{
    ocl_lock();
    cl_int err = ocl_check_buffer(q, buffer, offset, size, 1);
    if (!err && (!ptr || size == 0))
        err = CL_INVALID_VALUE;
    ocl_cmd *c = err ? NULL : ocl_cmd_new(q, CL_COMMAND_READ_BUFFER, num_events_in_wait_list, event_wait_list, &err);
    if (c) {
        c->off[0] = offset;
        c->size = size;
        c->ptr = ptr;
        err = ocl_submit(c, buffer, NULL, ocl_run_read, event, blocking_read);
    }
    ocl_unlock();
    return err;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueWriteBuffer(cl_command_queue q, cl_mem buffer, cl_bool blocking_write,
                                                     size_t offset, size_t size, const void *ptr,
                                                     cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
                                                     cl_event *event)
{
    ocl_lock();
    cl_int err = ocl_check_buffer(q, buffer, offset, size, 2);
    if (!err && (!ptr || size == 0))
        err = CL_INVALID_VALUE;
    ocl_cmd *c = err ? NULL : ocl_cmd_new(q, CL_COMMAND_WRITE_BUFFER, num_events_in_wait_list, event_wait_list, &err);
    if (c) {
        c->off[0] = offset;
        c->size = size;
        c->ptr = (void *)ptr;
        err = ocl_submit(c, buffer, NULL, ocl_run_write, event, blocking_write);
    }
    ocl_unlock();
    return err;
}

static int ocl_overlap(cl_mem a, size_t ao, cl_mem b, size_t bo, size_t size)
{
    if (ocl_mem_root(a) != ocl_mem_root(b))
        return 0;
    size_t x = a->origin + ao, y = b->origin + bo;
    return x < y + size && y < x + size;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyBuffer(cl_command_queue q, cl_mem src_buffer, cl_mem dst_buffer,
                                                    size_t src_offset, size_t dst_offset, size_t size,
                                                    cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
                                                    cl_event *event)
{
    ocl_lock();
    cl_int err = ocl_check_buffer(q, src_buffer, src_offset, size, 0);
    if (!err)
        err = ocl_check_buffer(q, dst_buffer, dst_offset, size, 0);
    if (!err && size == 0)
        err = CL_INVALID_VALUE;
    if (!err && ocl_overlap(src_buffer, src_offset, dst_buffer, dst_offset, size))
        err = CL_MEM_COPY_OVERLAP;
    ocl_cmd *c = err ? NULL : ocl_cmd_new(q, CL_COMMAND_COPY_BUFFER, num_events_in_wait_list, event_wait_list, &err);
    if (c) {
        c->off[0] = src_offset;
        c->off[1] = dst_offset;
        c->size = size;
        err = ocl_submit(c, src_buffer, dst_buffer, ocl_run_copy, event, 0);
    }
    ocl_unlock();
    return err;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueFillBuffer(cl_command_queue q, cl_mem buffer, const void *pattern,
                                                    size_t pattern_size, size_t offset, size_t size,
                                                    cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
                                                    cl_event *event)
{
    ocl_lock();
    cl_int err = ocl_check_buffer(q, buffer, offset, size, 0);
    if (!err && (!pattern || pattern_size == 0 || pattern_size > 128 || (pattern_size & (pattern_size - 1)) ||
                 offset % pattern_size || size % pattern_size))
        err = CL_INVALID_VALUE;
    ocl_cmd *c = err ? NULL : ocl_cmd_new(q, CL_COMMAND_FILL_BUFFER, num_events_in_wait_list, event_wait_list, &err);
    if (c) {
        memcpy(c->pattern, pattern, pattern_size); /* the pattern may be reused as soon as we return */
        c->off[0] = offset;
        c->off[1] = pattern_size;
        c->size = size;
        err = size ? ocl_submit(c, buffer, NULL, ocl_run_fill, event, 0) : ocl_submit(c, buffer, NULL, NULL, event, 0);
    }
    ocl_unlock();
    return err;
}

/* ---------- rectangular copies ---------- */

/* The byte just past a box (origin, region) laid out with the given pitches, or SIZE_MAX when the
   arithmetic overflows. */
static size_t ocl_rect_end(const size_t *origin, const size_t *region, size_t row, size_t slice)
{
    size_t z, y, zy, end;
    if (__builtin_add_overflow(origin[2], region[2] - 1, &z) || __builtin_mul_overflow(z, slice, &z) ||
        __builtin_add_overflow(origin[1], region[1] - 1, &y) || __builtin_mul_overflow(y, row, &y) ||
        __builtin_add_overflow(z, y, &zy) || __builtin_add_overflow(zy, origin[0], &end) ||
        __builtin_add_overflow(end, region[0], &end))
        return SIZE_MAX;
    return end;
}

/* Fills in zero pitches and checks a rectangle against a region of `size` bytes (0: host memory,
   only the arithmetic is checked). */
static cl_int ocl_rect_check(const size_t *origin, const size_t *region, size_t *row, size_t *slice, size_t size)
{
    if (!origin || !region || region[0] == 0 || region[1] == 0 || region[2] == 0)
        return CL_INVALID_VALUE;
    if (*row == 0)
        *row = region[0];
    else if (*row < region[0])
        return CL_INVALID_VALUE;
    size_t plane;
    if (__builtin_mul_overflow(region[1], *row, &plane))
        return CL_INVALID_VALUE;
    if (*slice == 0)
        *slice = plane;
    else if (*slice < plane || *slice % *row)
        return CL_INVALID_VALUE;
    size_t end = ocl_rect_end(origin, region, *row, *slice);
    if (end == SIZE_MAX || (size && end > size))
        return CL_INVALID_VALUE;
    return CL_SUCCESS;
}

/* Whether two boxes of the same region, at byte offsets a and b of one buffer with the same
   pitches, share a byte: their rows are increasing intervals, walked together (the reference
   check_copy_overlap of the clEnqueueCopyBufferRect specification, by rows). */
static int ocl_rect_overlap(size_t a, size_t b, const size_t *region, size_t row, size_t slice)
{
    size_t rows = region[1] * region[2], i = 0, j = 0;
    while (i < rows && j < rows) {
        size_t ra = a + (i / region[1]) * slice + (i % region[1]) * row;
        size_t rb = b + (j / region[1]) * slice + (j % region[1]) * row;
        if (ra < rb + region[0] && rb < ra + region[0])
            return 1;
        if (ra < rb)
            i++;
        else
            j++;
    }
    return 0;
}

cl_int ocl_rect_move(ocl_cmd *c, int kind)
{
    ws_device *d = ocl_dev(c);
    const size_t *bo = c->rect[0], *ho = c->rect[1], *reg = c->rect[2];
    uint8_t *row = malloc(reg[0]);
    if (!row)
        return CL_OUT_OF_HOST_MEMORY;
    ocl_mem_to_device(c->mem[0]);
    if (c->mem[1])
        ocl_mem_to_device(c->mem[1]);
    int rc = 0;
    for (size_t z = 0; z < reg[2] && !rc; z++)
        for (size_t y = 0; y < reg[1] && !rc; y++) {
            size_t boff = (bo[2] + z) * c->pitch[1] + (bo[1] + y) * c->pitch[0] + bo[0];
            size_t hoff = (ho[2] + z) * c->pitch[3] + (ho[1] + y) * c->pitch[2] + ho[0];
            uint64_t baddr = c->mem[0]->addr + boff;
            if (kind == 0)
                rc = ws_read(d, baddr, (uint8_t *)c->ptr + hoff, reg[0]);
            else if (kind == 1)
                rc = ws_write(d, baddr, (uint8_t *)c->ptr + hoff, reg[0]);
            else
                rc = ws_read(d, baddr, row, reg[0]) || ws_write(d, c->mem[1]->addr + hoff, row, reg[0]);
        }
    free(row);
    if (kind == 1)
        ocl_mem_to_host(c->mem[0]);
    if (kind == 2)
        ocl_mem_to_host(c->mem[1]);
    return rc ? CL_OUT_OF_RESOURCES : CL_SUCCESS;
}

static cl_int ocl_run_read_rect(ocl_cmd *c)
{
    return ocl_rect_move(c, 0);
}

static cl_int ocl_run_write_rect(ocl_cmd *c)
{
    return ocl_rect_move(c, 1);
}

static cl_int ocl_run_copy_rect(ocl_cmd *c)
{
    return ocl_rect_move(c, 2);
}

static cl_int ocl_enqueue_rect(cl_command_queue q, cl_mem buffer, cl_mem other, cl_bool blocking,
                               const size_t *buffer_origin, const size_t *host_origin, const size_t *region,
                               size_t buffer_row_pitch, size_t buffer_slice_pitch, size_t host_row_pitch,
                               size_t host_slice_pitch, void *ptr, cl_uint nwait, const cl_event *wait,
                               cl_event *event, int kind)
{
    static const cl_command_type types[] = {CL_COMMAND_READ_BUFFER_RECT, CL_COMMAND_WRITE_BUFFER_RECT,
                                            CL_COMMAND_COPY_BUFFER_RECT};
    ocl_lock();
    cl_int err = ocl_check_buffer(q, buffer, 0, 0, kind == 0 ? 1 : kind == 1 ? 2 : 0);
    if (!err && kind == 2)
        err = ocl_check_buffer(q, other, 0, 0, 0);
    if (!err && kind < 2 && !ptr)
        err = CL_INVALID_VALUE;
    if (!err)
        err = ocl_rect_check(buffer_origin, region, &buffer_row_pitch, &buffer_slice_pitch, buffer->size);
    if (!err)
        err = ocl_rect_check(host_origin, region, &host_row_pitch, &host_slice_pitch, kind == 2 ? other->size : 0);
    if (!err && kind == 2 && buffer == other &&
        (buffer_row_pitch != host_row_pitch || buffer_slice_pitch != host_slice_pitch))
        err = CL_INVALID_VALUE; /* one buffer: the pitches must agree */
    if (!err && kind == 2 && ocl_mem_root(buffer) == ocl_mem_root(other) && buffer_row_pitch == host_row_pitch &&
        buffer_slice_pitch == host_slice_pitch) {
        /* one storage (the same buffer, or views of one): the boxes must not share a byte */
        size_t a = buffer->origin + buffer_origin[2] * buffer_slice_pitch + buffer_origin[1] * buffer_row_pitch +
                   buffer_origin[0];
        size_t b = other->origin + host_origin[2] * host_slice_pitch + host_origin[1] * host_row_pitch + host_origin[0];
        if (ocl_rect_overlap(a, b, region, buffer_row_pitch, buffer_slice_pitch))
            err = CL_MEM_COPY_OVERLAP;
    }
    ocl_cmd *c = err ? NULL : ocl_cmd_new(q, types[kind], nwait, wait, &err);
    if (c) {
        for (int dim = 0; dim < 3; dim++) {
            c->rect[0][dim] = buffer_origin[dim];
            c->rect[1][dim] = host_origin[dim];
            c->rect[2][dim] = region[dim];
        }
        c->pitch[0] = buffer_row_pitch;
        c->pitch[1] = buffer_slice_pitch;
        c->pitch[2] = host_row_pitch;
        c->pitch[3] = host_slice_pitch;
        c->ptr = ptr;
        err = ocl_submit(c, buffer, other,
                         kind == 0 ? ocl_run_read_rect : kind == 1 ? ocl_run_write_rect : ocl_run_copy_rect, event,
                         blocking);
    }
    ocl_unlock();
    return err;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueReadBufferRect(cl_command_queue q, cl_mem buffer, cl_bool blocking_read,
                                                        const size_t *buffer_origin, const size_t *host_origin,
                                                        const size_t *region, size_t buffer_row_pitch,
                                                        size_t buffer_slice_pitch, size_t host_row_pitch,
                                                        size_t host_slice_pitch, void *ptr,
                                                        cl_uint num_events_in_wait_list,
                                                        const cl_event *event_wait_list, cl_event *event)
{
    return ocl_enqueue_rect(q, buffer, NULL, blocking_read, buffer_origin, host_origin, region, buffer_row_pitch,
                            buffer_slice_pitch, host_row_pitch, host_slice_pitch, ptr, num_events_in_wait_list,
                            event_wait_list, event, 0);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueWriteBufferRect(cl_command_queue q, cl_mem buffer, cl_bool blocking_write,
                                                         const size_t *buffer_origin, const size_t *host_origin,
                                                         const size_t *region, size_t buffer_row_pitch,
                                                         size_t buffer_slice_pitch, size_t host_row_pitch,
                                                         size_t host_slice_pitch, const void *ptr,
                                                         cl_uint num_events_in_wait_list,
                                                         const cl_event *event_wait_list, cl_event *event)
{
    return ocl_enqueue_rect(q, buffer, NULL, blocking_write, buffer_origin, host_origin, region, buffer_row_pitch,
                            buffer_slice_pitch, host_row_pitch, host_slice_pitch, (void *)ptr,
                            num_events_in_wait_list, event_wait_list, event, 1);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyBufferRect(cl_command_queue q, cl_mem src_buffer, cl_mem dst_buffer,
                                                        const size_t *src_origin, const size_t *dst_origin,
                                                        const size_t *region, size_t src_row_pitch,
                                                        size_t src_slice_pitch, size_t dst_row_pitch,
                                                        size_t dst_slice_pitch, cl_uint num_events_in_wait_list,
                                                        const cl_event *event_wait_list, cl_event *event)
{
    return ocl_enqueue_rect(q, src_buffer, dst_buffer, 0, src_origin, dst_origin, region, src_row_pitch,
                            src_slice_pitch, dst_row_pitch, dst_slice_pitch, NULL, num_events_in_wait_list,
                            event_wait_list, event, 2);
}

/* ---------- map and unmap ---------- */

static cl_int ocl_run_map(ocl_cmd *c)
{
    cl_mem m = c->mem[0];
    if (ocl_mem_root(m)->flags & CL_MEM_USE_HOST_PTR)
        return CL_SUCCESS; /* the mapping is the application's own memory, already current */
    if (c->off[1] & CL_MAP_WRITE_INVALIDATE_REGION)
        return CL_SUCCESS;
    return ws_read(ocl_dev(c), m->addr + c->off[0], c->ptr, c->size) ? CL_OUT_OF_RESOURCES : CL_SUCCESS;
}

static cl_int ocl_run_unmap(ocl_cmd *c)
{
    cl_mem m = c->mem[0];
    ocl_mapping **p = &m->maps;
    while (*p && (*p)->ptr != c->ptr)
        p = &(*p)->next;
    ocl_mapping *map = *p;
    if (!map)
        return CL_SUCCESS;
    *p = map->next;
    int rc = 0;
    if (map->flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) {
        if (!map->owned)
            ocl_mem_to_device(m);
        else if (map->image) /* the region back from its compact copy */
            rc = ocl_image_write_region(c->queue->ctx->dev, m, map->origin, map->region, map->ptr, map->row_pitch,
                                        map->slice_pitch);
        else
            rc = ws_write(ocl_dev(c), m->addr + map->offset, map->ptr, map->size);
    }
    if (map->owned)
        free(map->ptr);
    free(map);
    m->map_count--;
    return rc ? CL_OUT_OF_RESOURCES : CL_SUCCESS;
}

void ocl_mapping_cancel(cl_mem m, ocl_mapping *map)
{
    ocl_mapping **pp = &m->maps;
    while (*pp && *pp != map)
        pp = &(*pp)->next;
    if (*pp) {
        *pp = map->next;
        if (map->owned)
            free(map->ptr);
        free(map);
        m->map_count--;
    }
}

CL_API_ENTRY void *CL_API_CALL clEnqueueMapBuffer(cl_command_queue q, cl_mem buffer, cl_bool blocking_map,
                                                  cl_map_flags map_flags, size_t offset, size_t size,
                                                  cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
                                                  cl_event *event, cl_int *errcode_ret)
{
    ocl_lock();
    int host = (map_flags & CL_MAP_READ ? 1 : 0) | (map_flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION) ? 2 : 0);
    cl_int err = ocl_check_buffer(q, buffer, offset, size, host);
    if (!err && (size == 0 || (map_flags & ~(cl_map_flags)(CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) ||
                 ((map_flags & CL_MAP_WRITE_INVALIDATE_REGION) && (map_flags & (CL_MAP_READ | CL_MAP_WRITE)))))
        err = CL_INVALID_VALUE;
    ocl_mapping *map = err ? NULL : calloc(1, sizeof *map);
    if (!err && !map)
        err = CL_OUT_OF_HOST_MEMORY;
    void *ptr = NULL;
    if (map) {
        cl_mem root = ocl_mem_root(buffer);
        map->owned = !(root->flags & CL_MEM_USE_HOST_PTR);
        map->ptr = map->owned ? malloc(size) : (char *)root->host_ptr + buffer->origin + offset;
        map->offset = offset;
        map->size = size;
        map->flags = map_flags;
        if (!map->ptr) {
            free(map);
            map = NULL;
            err = CL_OUT_OF_HOST_MEMORY;
        }
    }
    ocl_cmd *c = map ? ocl_cmd_new(q, CL_COMMAND_MAP_BUFFER, num_events_in_wait_list, event_wait_list, &err) : NULL;
    if (map && !c) {
        if (map->owned)
            free(map->ptr);
        free(map);
    }
    if (c) {
        map->next = buffer->maps;
        buffer->maps = map;
        buffer->map_count++;
        ptr = map->ptr;
        c->off[0] = offset;
        c->off[1] = map_flags;
        c->size = size;
        c->ptr = ptr;
        err = ocl_submit(c, buffer, NULL, ocl_run_map, event, blocking_map);
        if (err) { /* the mapping did not happen: it is no longer one to unmap */
            ocl_mapping_cancel(buffer, map);
            ptr = NULL;
        }
    }
    ocl_unlock();
    if (errcode_ret)
        *errcode_ret = err;
    return ptr;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueUnmapMemObject(cl_command_queue q, cl_mem memobj, void *mapped_ptr,
                                                        cl_uint num_events_in_wait_list,
                                                        const cl_event *event_wait_list, cl_event *event)
{
    ocl_lock();
    cl_int err = !ocl_valid(q, OCL_QUEUE)                          ? CL_INVALID_COMMAND_QUEUE
                 : !ocl_valid(memobj, OCL_MEM)                     ? CL_INVALID_MEM_OBJECT
                 : memobj->ctx != q->ctx                           ? CL_INVALID_CONTEXT
                                                                   : CL_SUCCESS;
    if (!err) {
        ocl_mapping *m = memobj->maps;
        while (m && m->ptr != mapped_ptr)
            m = m->next;
        if (!m)
            err = CL_INVALID_VALUE;
    }
    ocl_cmd *c = err ? NULL : ocl_cmd_new(q, CL_COMMAND_UNMAP_MEM_OBJECT, num_events_in_wait_list, event_wait_list, &err);
    if (c) {
        c->ptr = mapped_ptr;
        err = ocl_submit(c, memobj, NULL, ocl_run_unmap, event, 0);
    }
    ocl_unlock();
    return err;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueMigrateMemObjects(cl_command_queue q, cl_uint num_mem_objects,
                                                           const cl_mem *mem_objects, cl_mem_migration_flags flags,
                                                           cl_uint num_events_in_wait_list,
                                                           const cl_event *event_wait_list, cl_event *event)
{
    ocl_lock();
    cl_int err = ocl_valid(q, OCL_QUEUE) ? CL_SUCCESS : CL_INVALID_COMMAND_QUEUE;
    if (!err && (num_mem_objects == 0 || !mem_objects ||
                 (flags & ~(cl_mem_migration_flags)(CL_MIGRATE_MEM_OBJECT_HOST |
                                                    CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED))))
        err = CL_INVALID_VALUE;
    for (cl_uint i = 0; !err && i < num_mem_objects; i++)
        err = !ocl_valid(mem_objects[i], OCL_MEM) ? CL_INVALID_MEM_OBJECT
              : mem_objects[i]->ctx != q->ctx     ? CL_INVALID_CONTEXT
                                                  : CL_SUCCESS;
    /* one memory: migration moves nothing */
    ocl_cmd *c = err ? NULL : ocl_cmd_new(q, CL_COMMAND_MIGRATE_MEM_OBJECTS, num_events_in_wait_list, event_wait_list, &err);
    if (c)
        err = ocl_submit(c, NULL, NULL, NULL, event, 0);
    ocl_unlock();
    return err;
}
