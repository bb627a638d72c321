# Seed 000 (shared/seeds/000_78e3daead6a1e73e.txt) as one program: the linear layer kernel
# (code 7.6), its autograd Function and nn.Module (code 7.7), the LeNet-5 that uses it (code
# 7.8), as printed there (line numbers taken off), and three lines that run the model.
import torch
import triton
import triton.language as tl


@triton.jit
def linear_kernel(in_ptr, weight_ptr, out_ptr, bias_ptr,
                B, in_features, out_features,
                BLOCK_SIZE_B: tl.constexpr = 32,
                BLOCK_SIZE_OUT: tl.constexpr = 64,
                BLOCK_SIZE_K: tl.constexpr = 32):
    """
    in_ptr: [B, in_features]
    weight_ptr: [out_features, in_features]
    out_ptr: [B, out_features]
    bias_ptr: [out_features]
    """
    # 2D grid: 每个 program instance 负责一个Tile (Batch, Out Feature)
    pid_batch = tl.program_id(0)
    pid_out = tl.program_id(1)
    offs_batch = pid_batch * BLOCK_SIZE_B + tl.arange(0, BLOCK_SIZE_B) # (BB,)
    offs_out = pid_out * BLOCK_SIZE_OUT + tl.arange(0, BLOCK_SIZE_OUT) # (BO,)
    offs_k = tl.arange(0, BLOCK_SIZE_K) # (BK,)
    acc = tl.zeros((BLOCK_SIZE_B, BLOCK_SIZE_OUT), dtype=tl.float32)
    num_k = tl.cdiv(in_features, BLOCK_SIZE_K)
    for k in range(num_k):
        k_offsets = k * BLOCK_SIZE_K + offs_k # (BK,)

        # 加载 X 子块: (BB, BK)
        x_block = tl.load(in_ptr + offs_batch[:, None] * in_features + k_offsets[None, :],
                          mask=(offs_batch[:, None] < B) &
                                (k_offsets[None, :] < in_features), other=0.0
                          )

        # 加载 W 子块: (BK, BO);
        w_block = tl.load(weight_ptr + offs_out[None, :] * in_features + k_offsets[:, None],
                          mask=(offs_out[None, :] < out_features) & (k_offsets[:, None] < in_features),
                          other=0.0
                          )

        # 子块矩阵乘法累加
        acc += tl.dot(x_block, w_block)

    # 加 bias
    if bias_ptr is not None:
        bias = tl.load(bias_ptr + offs_out, mask=offs_out < out_features, other=0.0)
        acc += bias

    # 写回
    tl.store(out_ptr + offs_batch[:, None] * out_features + offs_out[None, :], acc,
            mask=(offs_batch[:, None] < B) & (offs_out[None, :] < out_features)
            )


class TritonLinearFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input, weight, bias=None):
        B, in_features = input.shape
        out_features = weight.shape[0]
        out = torch.empty((B, out_features), device=input.device, dtype=input.dtype)
        # 2D grid: batch 维 × 输出特征维
        grid = lambda meta: ((B + meta['BLOCK_SIZE_B'] - 1) // meta['BLOCK_SIZE_B'],
                               (out_features + meta['BLOCK_SIZE_OUT'] - 1) // meta['BLOCK_SIZE_OUT'],
                              )
        # 调用 Triton kernel
        linear_kernel[grid](input, weight, out, bias, B, in_features, out_features,
                            BLOCK_SIZE_B=32, BLOCK_SIZE_OUT=64)
        # 保存反向传播所需张量
        ctx.save_for_backward(input, weight, bias)
        return out

    @staticmethod
    def backward(ctx, grad_output):
        input, weight, bias = ctx.saved_tensors # 取出 forward 保存的张量
        grad_input = grad_weight = grad_bias = None # 初始化梯度
        if ctx.needs_input_grad[0]:
            # [B, out] @ [out, in] -> [B, in]
            grad_input = grad_output @ weight # 输入梯度: dX = dY @ W (传递给前一层)
        if ctx.needs_input_grad[1]:
            # [out, B] @ [B, in] -> [out, in]
            grad_weight = grad_output.t() @ input # 权重梯度: dW = dY^T @ X
        if bias is not None and ctx.needs_input_grad[2]:
            # [B, out] -> sum over batch -> [out]
            grad_bias = grad_output.sum(0) # bias 梯度: 对 batch 维求和
        return grad_input, grad_weight, grad_bias

class TritonLinear(torch.nn.Module):
    def __init__(self, in_features, out_features, bias=True):
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        self.weight = torch.nn.Parameter(torch.randn(out_features, in_features))
        self.bias = torch.nn.Parameter(torch.randn(out_features)) if bias else None

    def forward(self, x):
        return TritonLinearFunction.apply(x, self.weight, self.bias)


class LeNet5(torch.nn.Module):
    def __init__(self):
        super().__init__()

        self.conv1 = torch.nn.Conv2d(1, 6, 5)
        self.pool = torch.nn.AvgPool2d(2)
        self.conv2 = torch.nn.Conv2d(6, 16, 5)

        # 使用 Triton 实现的全连接层
        self.fc1 = TritonLinear(16*5*5, 120)
        self.fc2 = TritonLinear(120, 84)
        self.fc3 = TritonLinear(84, 10)

    def forward(self, x):
        x = self.pool(torch.relu(self.conv1(x)))
        x = self.pool(torch.relu(self.conv2(x)))
        x = x.view(-1, 16*5*5)
        x = torch.relu(self.fc1(x))
        x = torch.relu(self.fc2(x))
        x = self.fc3(x)
        return x


model = LeNet5().cuda()
x = torch.randn(4, 1, 32, 32, device="cuda")
print(model(x).shape)
